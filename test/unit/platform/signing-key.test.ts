import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../platform/secrets.ts';

describe('the instance signing key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-key-'));
    dirs.push(dir);
    return dir;
  };

  it('is made in a data directory that does not exist yet (the database on a server made none)', () => {
    const dataDir = join(tempDir(), 'new', 'data');
    const key = loadOrCreateSigningKey(dataDir);
    expect(key).toHaveLength(32);
    expect(readdirSync(dataDir)).toEqual(['signing-key']);
    expect(statSync(join(dataDir, 'signing-key')).mode & 0o777).toBe(0o600);
  });

  it('is the same key on every start and for every instance sharing the directory', () => {
    const dataDir = tempDir();
    const first = loadOrCreateSigningKey(dataDir);
    expect(loadOrCreateSigningKey(dataDir).equals(first)).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['signing-key']);
  });
});
