/**
 * Crash-safe file writes: temp file, fsync, rename, fsync of the directory. After `writeDurable`
 * resolves, the file exists under its final name with all its bytes even if power fails the next
 * instant; before, at worst a `.<name>.<random>.tmp` file is left beside it (the kiosk store's
 * startup recovery removes those in its folder). Every file the kiosk or the platform replaces
 * (captures, secrets, catalogue pictures, demo credentials) is written here (D-036).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const TEMP_SUFFIX = '.tmp';

export interface DurableFile {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** The file calls of a durable write: node:fs/promises by default; tests inject failures here. */
export interface DurableFs {
  open(path: string, flags: string, mode?: number): Promise<DurableHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** mkdir -p; resolves to the topmost directory it created, undefined when all existed. */
  mkdirp(path: string): Promise<string | undefined>;
}

export interface DurableHandle {
  write(data: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export const nodeDurableFs: DurableFs = {
  open: (path, flags, mode) => open(path, flags, mode),
  rename,
  unlink,
  mkdirp: (path) => mkdir(path, { recursive: true }),
};

export interface DurableWriteOptions {
  /** File mode from creation on (0o600 for secrets: never readable by others, not even briefly). */
  readonly mode?: number;
}

/**
 * Any failure (ENOSPC while writing or at fsync, a rename or directory fsync refused) undoes
 * what was done: the temp file, or the renamed file, is removed before the error is rethrown,
 * so a failed write leaves nothing behind for a row to point at or for the recovery to find.
 * Concurrent writes of one path each use their own temp file; the last rename wins whole.
 */
export async function writeDurable(
  path: string,
  data: Uint8Array | string,
  fs: DurableFs = nodeDurableFs,
  options: DurableWriteOptions = {},
): Promise<DurableFile> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const dir = dirname(path);
  await ensureDir(dir, fs);
  // A random part: a temp left by a crash (outside the kiosk store nothing sweeps it) must not
  // block the next write; 'wx' still refuses to write into a file that already exists.
  const temp = join(dir, `.${basename(path)}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const handle = await fs.open(temp, 'wx', options.mode);
  let handleOpen = true;
  let renamed = false;
  try {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
    await handle.sync();
    handleOpen = false;
    await handle.close();
    await fs.rename(temp, path);
    renamed = true;
    await syncDir(dir, fs);
  } catch (error) {
    if (handleOpen) await handle.close().catch(() => undefined);
    await fs.unlink(renamed ? path : temp).catch(() => undefined);
    throw error;
  }
  return { path, sha256, bytes: bytes.length };
}

/** Creates a directory (and missing parents) and makes each new entry durable in its parent. */
export async function ensureDir(dir: string, fs: DurableFs = nodeDurableFs): Promise<void> {
  const created = await fs.mkdirp(dir);
  if (created === undefined) return;
  // mkdir reports the topmost directory it created: sync every parent from the leaf up to it.
  for (let current = dir; ; current = dirname(current)) {
    await syncDir(dirname(current), fs);
    if (current === created || dirname(current) === current) break;
  }
}

/**
 * fsync of a directory makes renames and new entries in it durable. Windows cannot open a
 * directory for this (EISDIR/EPERM); NTFS journals the metadata itself, so skipping is safe there.
 */
export async function syncDir(dir: string, fs: DurableFs = nodeDurableFs): Promise<void> {
  let handle;
  try {
    handle = await fs.open(dir, 'r');
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
