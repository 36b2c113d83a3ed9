import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The instance key that signs upload and file addresses. It lives in the data directory so
 * every instance sharing that directory (one per region) signs alike, and a restart keeps
 * issued addresses valid. Created once with a no-overwrite link, so two instances starting
 * together agree on one key.
 */
export function loadOrCreateSigningKey(dataDir: string): Buffer {
  const file = join(dataDir, 'signing-key');
  if (!existsSync(file)) {
    // With the database on a server nothing else may have made the directory yet.
    mkdirSync(dataDir, { recursive: true });
    const staged = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(staged, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(staged, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(staged);
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte hex key`);
  return key;
}
