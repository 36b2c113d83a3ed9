/**
 * A full disk on the real durable write path (KioskStore.saveCapture -> writeDurable -> SQLite):
 * ENOSPC injected at the fs boundary at every step of temp, write, fsync, rename and directory
 * fsync, and a real SQLITE_FULL from the commit (the database capped with max_page_count). Each
 * gives the disk-full technician message and leaves nothing half-written: no temp file, no file,
 * no row; earlier captures untouched; the same shot succeeds once space is back.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { StoreDiskError } from '../../../main/store/disk-errors.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { faultyFs, type FaultyFs, type FullAt } from './faulty-fs.ts';

const dirs: string[] = [];
const stores: KioskStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function openStore(fs: FaultyFs, reopen?: { dataDir: string; maxDatabasePages?: number }): Promise<KioskStore> {
  const dataDir = reopen?.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-disk-full-'));
  if (!reopen) dirs.push(dataDir);
  const pages = reopen?.maxDatabasePages;
  const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'all', fs, ...(pages !== undefined ? { maxDatabasePages: pages } : {}) });
  stores.push(store);
  return store;
}

/** A JPEG-looking payload of some size (the store checks the SOI marker only). */
function jpeg(tag: string, size = 64 * 1024): Uint8Array {
  const bytes = Buffer.alloc(size, tag);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function capturing(store: KioskStore): string {
  const customer = store.createCustomer({ name: 'Disk Full' });
  const session = store.createSession('multi_light');
  store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: [] });
  return session.id;
}

/** Every file under the captures directory, temp files included. */
function filesOnDisk(store: KioskStore): string[] {
  if (!existsSync(store.capturesDir)) return [];
  return readdirSync(store.capturesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(store.capturesDir.length + 1))
    .sort();
}

function rows(store: KioskStore): { view: string; light: string; sha256: string }[] {
  return withKioskDb(store.dataDir, (db) => db.prepare('SELECT view, light, sha256 FROM captures ORDER BY captured_at, id').all() as { view: string; light: string; sha256: string }[]);
}

async function diskError(promise: Promise<unknown>): Promise<StoreDiskError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(StoreDiskError);
  return error as StoreDiskError;
}

const DISK_FULL = (dataDir: string) =>
  `The disk holding ${dataDir} is full: the photo was not saved (earlier photos are safe). Free space (synced captures older than the retention period can go), then retake this view.`;

describe('disk full on the real capture write path', () => {
  const steps: Exclude<FullAt, null>[] = ['open', 'write', 'fsync', 'rename', 'dir-fsync'];
  for (const step of steps) {
    it(`ENOSPC at ${step}: disk-full message, no temp file, no file, no row; earlier capture intact; works again once space is freed`, async () => {
      const fs = faultyFs();
      const store = await openStore(fs);
      const sessionId = capturing(store);
      const first = jpeg('a');
      const kept = await store.saveCapture({ sessionId, view: 'front', light: 'white', jpeg: first, width: 4000, height: 3000 });
      const before = filesOnDisk(store);

      fs.full = step;
      const error = await diskError(store.saveCapture({ sessionId, view: 'front', light: 'uv', jpeg: jpeg('b'), width: 4000, height: 3000 }));
      expect(fs.failures.length).toBeGreaterThan(0);
      expect(error.code).toBe('disk_full');
      expect(error.technicianMessage).toBe(DISK_FULL(store.dataDir));
      expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
      // Nothing of the failed shot: the directory holds exactly what it held, the table likewise.
      expect(filesOnDisk(store)).toEqual(before);
      expect(rows(store)).toEqual([{ view: 'front', light: 'white', sha256: sha(first) }]);
      expect(readFileSync(kept.path)).toEqual(Buffer.from(first));

      fs.full = null;
      const again = jpeg('c');
      const retaken = await store.saveCapture({ sessionId, view: 'front', light: 'uv', jpeg: again, width: 4000, height: 3000 });
      expect(readFileSync(retaken.path)).toEqual(Buffer.from(again));
      expect(rows(store)).toHaveLength(2);
    });
  }

  it('ENOSPC creating the first shot\'s session directory: disk-full message, no row', async () => {
    const fs = faultyFs();
    const store = await openStore(fs);
    const sessionId = capturing(store);
    fs.full = 'mkdir';
    const error = await diskError(store.saveCapture({ sessionId, view: 'front', light: 'white', jpeg: jpeg('a'), width: 10, height: 10 }));
    expect(error.code).toBe('disk_full');
    expect(filesOnDisk(store)).toEqual([]);
    expect(rows(store)).toEqual([]);
  });

  it('SQLITE_FULL from the commit: the same message, the durable file removed, no row; earlier shots untouched', async () => {
    const roomy = await openStore(faultyFs());
    const sessionId = capturing(roomy);
    const first = jpeg('a');
    const kept = await roomy.saveCapture({ sessionId, view: 'front', light: 'white', jpeg: first, width: 4000, height: 3000 });
    const before = filesOnDisk(roomy);

    // Sessions to fill, made while there is room (their rows are written before the cap).
    const more = Array.from({ length: 40 }, () => capturing(roomy));
    roomy.close();
    // A real full database: SQLite may not grow past its current size.
    const { dataDir } = roomy;
    const pages = withKioskDb(dataDir, (db) => db.pragma('page_count', { simple: true }) as number);
    const store = await openStore(faultyFs(), { dataDir, maxDatabasePages: pages });
    let error: StoreDiskError | null = null;
    // Inserts fit in the free space of the last pages until one needs a new page.
    const shots = more.flatMap((id) => (['left', 'right'] as const).flatMap((view) => (['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const).map((light) => ({ id, view, light }))));
    for (const shot of shots) {
      const attempt = await store.saveCapture({ sessionId: shot.id, view: shot.view, light: shot.light, jpeg: jpeg('x', 1024), width: 10, height: 10 }).then(() => null, (e: unknown) => e);
      if (attempt) {
        expect(attempt).toBeInstanceOf(StoreDiskError);
        error = attempt as StoreDiskError;
        break;
      }
    }
    expect(error).not.toBeNull();
    expect(error!.code).toBe('disk_full');
    expect(error!.technicianMessage).toBe(DISK_FULL(store.dataDir));
    expect((error!.cause as { code: string }).code).toBe('SQLITE_FULL');
    // Every file on disk has its row, and the first shot is untouched.
    const stored = rows(store);
    expect(filesOnDisk(store).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(filesOnDisk(store)).toHaveLength(stored.length);
    expect(filesOnDisk(store)).toEqual(expect.arrayContaining(before));
    expect(readFileSync(kept.path)).toEqual(Buffer.from(first));

    store.close();
    const freedStore = await openStore(faultyFs(), { dataDir });
    const freed = await freedStore.saveCapture({ sessionId, view: 'front', light: 'white', jpeg: jpeg('r'), width: 4000, height: 3000 });
    expect(readFileSync(freed.path)).toEqual(Buffer.from(jpeg('r')));
    expect(withKioskDb(dataDir, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
  });

  it('a restart after the failures finds nothing to recover', async () => {
    const fs = faultyFs();
    const store = await openStore(fs);
    const sessionId = capturing(store);
    await store.saveCapture({ sessionId, view: 'front', light: 'white', jpeg: jpeg('a'), width: 10, height: 10 });
    for (const step of ['write', 'fsync', 'rename', 'dir-fsync'] as const) {
      fs.full = step;
      await diskError(store.saveCapture({ sessionId, view: 'left', light: 'white', jpeg: jpeg('b'), width: 10, height: 10 }));
    }
    store.close();
    const reopened = await KioskStore.open({ dataDir: store.dataDir, verifyHashesOnStartup: 'all' });
    stores.push(reopened);
    expect(reopened.recovery).toMatchObject({ tempFilesRemoved: [], orphanFilesRemoved: [], missing: [], corrupt: [] });
    expect(rows(reopened)).toHaveLength(1);
  });
});
