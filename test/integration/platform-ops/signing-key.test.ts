import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../../../platform/server.ts';
import { platformDatabaseFor } from '../../helpers/postgres.ts';

/**
 * Every process on one database must sign upload addresses and report links with one key
 * (D-128). A process started with another `signing-key` (another `--data`) refused the others'
 * addresses as altered (44101) and said nothing; it now refuses to start and says which file.
 * Run on SQLite and, in the PostgreSQL run, on the data directory's database.
 */
describe('the signing key shared by every process of a database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = async () => {
    const databaseUrl = await platformDatabaseFor(dataDir);
    return startPlatform({ port: 0, dataDir, logLevel: 'silent', analysisWorkers: 1, ...(databaseUrl ? { databaseUrl } : {}) }, { seed: false });
  };

  it('starts again with the key it recorded, and refuses a process holding another one', async () => {
    await (await start()).close();
    const key = readFileSync(join(dataDir, 'signing-key'), 'utf8');
    // The same key: a restart, or a second node given a copy of the directory.
    await (await start()).close();

    writeFileSync(join(dataDir, 'signing-key'), randomBytes(32).toString('hex'));
    await expect(start()).rejects.toThrow(`${join(dataDir, 'signing-key')} is not the signing key the other processes on this database use: copy signing-key`);

    // No key at all (a mistyped --data beside a database that has one): refused, and no key is
    // left there for the next start to use.
    rmSync(join(dataDir, 'signing-key'));
    await expect(start()).rejects.toThrow(`${join(dataDir, 'signing-key')} does not exist, and the other processes on this database sign with a key: copy signing-key`);
    expect(existsSync(join(dataDir, 'signing-key'))).toBe(false);

    // With the recorded key back, it starts.
    writeFileSync(join(dataDir, 'signing-key'), key);
    await (await start()).close();
  }, 60_000);
});
