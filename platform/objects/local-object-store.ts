import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, link, mkdir, open, opendir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { ensureDir as ensureDurableDir, syncDir } from '../../common/node/durable-file.ts';
import { dayOfKey } from './dated-keys.ts';
import { LIST_PAGE_SIZE, ObjectExistsError, ObjectTooLargeError, type ListedObject, type ObjectStore, type StagedObject } from './object-store.ts';

const HEAD_BYTES = 64;
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Objects as files under root/objects/<day>/<key> for keys that carry their day (D-142), so a
 * day's keys are one folder's listing, and root/objects/<2-char shard>/<key> for keys made before
 * (or any other key). Every write goes to root/staging
 * and is then hard-linked into place (atomic, and never overwrites an existing key), so a reader
 * sees either the whole object or none. Uploads are flushed to disk by persist(), called when a
 * task that needs them is accepted, not on the upload's own path (D-031); put() writes analysis
 * outputs durably at once.
 */
export class LocalObjectStore implements ObjectStore {
  /**
   * Directories made or being made, durably: a mkdir per upload is measurable on the upload path,
   * and a second write into a new folder waits for the first one's fsync of its parent.
   */
  private readonly made = new Map<string, Promise<void>>();

  readonly location: string;

  constructor(private readonly root: string) {
    this.location = `file://${resolve(root)}`;
  }

  /** The folder exists (made on first use) and this process may write in it. */
  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** Nothing to let go of: files are opened per call. */
  async close(): Promise<void> {}

  private ensureDir(dir: string): Promise<void> {
    let made = this.made.get(dir);
    if (!made) {
      // Durably: a day's folder is new every day (D-142), and an object flushed by persist() or
      // put() is only as durable as its folder's own entry.
      made = ensureDurableDir(dir);
      made.catch(() => this.made.delete(dir));
      this.made.set(dir, made);
    }
    return made;
  }

  /** The file an object is kept in (public for tests that damage a file on purpose). */
  pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
    return join(this.root, 'objects', dayOfKey(key) ?? key.slice(0, 2), key);
  }

  private async newStagingPath(): Promise<string> {
    const dir = join(this.root, 'staging');
    await this.ensureDir(dir);
    return join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async stage(body: Readable, maxBytes: number): Promise<StagedObject> {
    const staging = await this.newStagingPath();
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let size = 0;
    let headSize = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) return callback(new ObjectTooLargeError(maxBytes));
        if (headSize < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // The body is piped by hand, not through pipeline(): a refused body must be drained, not
    // destroyed, so the HTTP layer can still answer on the same connection.
    const onBodyError = (error?: Error) => meter.destroy(error ?? new Error('upload aborted by the client'));
    body.once('error', onBodyError);
    body.once('aborted', onBodyError);
    body.pipe(meter);
    try {
      await pipeline(meter, createWriteStream(staging, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }));
    } catch (error) {
      body.unpipe(meter);
      body.resume();
      await rm(staging, { force: true });
      throw error;
    } finally {
      body.off('error', onBodyError);
      body.off('aborted', onBodyError);
    }
    return {
      size,
      sha256: hash.digest('hex'),
      head: Buffer.concat(head),
      commit: async (key) => {
        try {
          await this.place(staging, key, false);
        } finally {
          await rm(staging, { force: true });
        }
      },
      discard: async () => {
        await rm(staging, { force: true });
      },
    };
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const staging = await this.newStagingPath();
    const handle = await open(staging, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await this.place(staging, key, true);
    } finally {
      await rm(staging, { force: true });
    }
  }

  async persist(objects: readonly { key: string; size: number }[]): Promise<string[]> {
    const missing: string[] = [];
    const dirs = new Set<string>();
    await Promise.all(
      objects.map(async ({ key, size }) => {
        const path = this.pathOf(key);
        let handle;
        try {
          handle = await open(path, 'r');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          missing.push(key);
          return;
        }
        try {
          // A power loss between link and writeback can leave the name with fewer bytes.
          if ((await handle.stat()).size !== size) missing.push(key);
          else await handle.sync();
        } finally {
          await handle.close();
        }
        dirs.add(dirname(path));
      }),
    );
    // The directory entries too: a file whose link was never flushed is lost with its name.
    await Promise.all([...dirs].map((dir) => syncDir(dir)));
    return missing;
  }

  private async place(staging: string, key: string, durable: boolean): Promise<void> {
    const target = this.pathOf(key);
    await this.ensureDir(dirname(target));
    try {
      await link(staging, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw error;
    }
    if (durable) await syncDir(dirname(target));
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async open(key: string): Promise<Readable | null> {
    return (await this.exists(key)) ? createReadStream(this.pathOf(key)) : null;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /**
   * The folders (shards and days) one after another, or the one folder of `day`, each read as a
   * stream of entries (opendir), so a page holds at most `pageSize` objects whatever the store's
   * size; mtime is when the object was written.
   */
  async *listPages(pageSize = LIST_PAGE_SIZE, day?: string): AsyncIterable<readonly ListedObject[]> {
    const objects = join(this.root, 'objects');
    const shards =
      day !== undefined
        ? [day]
        : await readdir(objects).catch((error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return [];
            throw error;
          });
    let page: ListedObject[] = [];
    for (const shard of shards.sort()) {
      let dir;
      try {
        dir = await opendir(join(objects, shard));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR' || (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for await (const entry of dir) {
        if (!entry.isFile()) continue;
        const info = await stat(join(objects, shard, entry.name)).catch(() => null);
        if (!info) continue;
        page.push({ key: entry.name, modifiedAt: info.mtimeMs });
        if (page.length >= pageSize) {
          yield page;
          page = [];
        }
      }
    }
    if (page.length > 0) yield page;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async deleteMany(keys: readonly string[]): Promise<string[]> {
    for (const key of keys) await this.delete(key);
    return [];
  }
}
