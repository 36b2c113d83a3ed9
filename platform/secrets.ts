import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase } from './storage/sql.ts';

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

/**
 * Whether the key is the one the database's processes use (D-128): a process signing with
 * another would refuse their upload addresses and report links as altered. The first process
 * records a fingerprint of its key (an HMAC of a fixed label: it does not reveal the key).
 */
async function isSharedSigningKey(sql: SqlDatabase, key: Buffer, now: number): Promise<boolean> {
  const fingerprint = createHmac('sha256', key).update('skin-station signing key fingerprint').digest('hex').slice(0, 32);
  await sql.run('INSERT INTO instance_keys (name, fingerprint, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', ['signing', fingerprint, now]);
  const recorded = await sql.one<{ fingerprint: string }>('SELECT fingerprint FROM instance_keys WHERE name = ?', ['signing']);
  return !recorded || recorded.fingerprint === fingerprint;
}

const COPY_KEY = 'copy signing-key from the data directory of a process already serving (every process needs the same one; docs/deploy.md)';

/**
 * The data directory's signing key, the one the database's processes share (D-128). A data
 * directory without a key is given a new one only when the database has none recorded yet: a
 * node started on a mistyped `--data` is refused without writing a key there (D-133), and
 * a key made by a node that then loses the race to record its own is removed again.
 */
export async function sharedSigningKey(sql: SqlDatabase, dataDir: string, now: number): Promise<Buffer> {
  const file = join(dataDir, 'signing-key');
  const existed = existsSync(file);
  if (!existed && (await sql.one('SELECT 1 AS found FROM instance_keys WHERE name = ?', ['signing']))) {
    throw new Error(`${file} does not exist, and the other processes on this database sign with a key: ${COPY_KEY}`);
  }
  const key = loadOrCreateSigningKey(dataDir);
  // Only a key that is not the recorded one is taken away again: after any other failure (the
  // database gone between the two statements) the key may be the recorded one.
  if (!(await isSharedSigningKey(sql, key, now))) {
    if (!existed) rmSync(file, { force: true });
    throw new Error(`${file} is not the signing key the other processes on this database use: ${COPY_KEY}`);
  }
  return key;
}
