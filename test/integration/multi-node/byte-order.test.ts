import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPlatformDatabase } from '../../../platform/storage/database.ts';
import { comparesTextByBytes, NOT_BYTE_ORDER } from '../../../platform/storage/byte-order.ts';
import { startPlatformProcess } from '../../helpers/platform-process.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';

/**
 * deploy.md asks for a database collated "C", so text compares by bytes as on SQLite (D-051);
 * a node started on one made otherwise says so at start (D-133). PostgreSQL only: SQLite
 * compares by bytes always.
 */
describe('a PostgreSQL database that does not compare text by bytes', () => {
  const databases: TestPostgresDatabase[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'byte-order-'));
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is told apart from one collated "C", and a node started on it warns', async () => {
    const check = async (options: { icuLocale?: string }) => {
      const database = await createTestPostgresDatabase(options);
      databases.push(database);
      const sql = await openPlatformDatabase({ dataDir, databaseUrl: database.url });
      try {
        return { url: database.url, bytes: await comparesTextByBytes(sql) };
      } finally {
        await sql.close();
      }
    };
    expect((await check({})).bytes).toBe(true);
    const english = await check({ icuLocale: 'en-US' });
    expect(english.bytes).toBe(false);

    const node = await startPlatformProcess(dataDir, 0, ['--database', english.url]);
    try {
      expect(node.output()).toContain(NOT_BYTE_ORDER);
    } finally {
      await node.stop();
    }
  }, 60_000);
});
