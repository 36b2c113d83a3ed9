/**
 * Crash-safe file writes: temp file, fsync, rename, fsync of the directory. After `writeDurable`
 * resolves, the file exists under its final name with all its bytes even if power fails the next
 * instant; before, at worst a `.tmp` file is left (the startup recovery removes it).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const TEMP_SUFFIX = '.tmp';

export interface DurableFile {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

export async function writeDurable(path: string, data: Uint8Array): Promise<DurableFile> {
  const dir = dirname(path);
  await ensureDir(dir);
  const temp = join(dir, `.${basename(path)}${TEMP_SUFFIX}`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  // 'wx': a leftover temp of the same name means two writers, which must not happen silently.
  const handle = await open(temp, 'wx');
  try {
    let offset = 0;
    while (offset < data.length) {
      const { bytesWritten } = await handle.write(data, offset, data.length - offset);
      offset += bytesWritten;
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temp, path);
  await syncDir(dir);
  return { path, sha256, bytes: data.length };
}

/** Creates a directory (and missing parents) and makes each new entry durable in its parent. */
export async function ensureDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true });
  if (created === undefined) return;
  // mkdir reports the topmost directory it created: sync every parent from the leaf up to it.
  for (let current = dir; ; current = dirname(current)) {
    await syncDir(dirname(current));
    if (current === created || dirname(current) === current) break;
  }
}

/**
 * fsync of a directory makes renames and new entries in it durable. Windows cannot open a
 * directory for this (EISDIR/EPERM); NTFS journals the metadata itself, so skipping is safe there.
 */
export async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (error) {
    if (process.platform === 'win32') return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EPERM' && code !== 'EISDIR') throw error;
  } finally {
    await handle.close();
  }
}

/** SHA-256 of a file in hex, streamed (stills are several MB). */
export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
