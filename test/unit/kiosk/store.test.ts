import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { openStoreDatabase } from '../../../main/store/database.ts';
import { migrations } from '../../../main/store/migrations/index.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { StoreError } from '../../../main/store/types.ts';

const dirs: string[] = [];
const stores: KioskStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

let clock = 1_700_000_000_000;
async function openStore(dataDir?: string): Promise<KioskStore> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-store-'));
  if (!dataDir) dirs.push(dir);
  const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: () => clock });
  stores.push(store);
  return store;
}

/** A tiny JPEG-looking payload (SOI marker + distinct bytes); the store does not decode images. */
function jpeg(tag: string): Uint8Array {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag.repeat(50)), Buffer.from([0xff, 0xd9])]);
}
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function sessionWithCustomer(store: KioskStore) {
  const customer = store.createCustomer({ name: 'Ada', phoneCc: 44, phoneNumber: '7700900123' });
  const session = store.createSession('multi_light');
  store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['privacy-v1'] });
  return { customer, session };
}

describe('kiosk store', () => {
  it('migrates to the latest version with WAL and synchronous=FULL', async () => {
    // The connection KioskStore.open makes (its pragmas are per connection, so a second one would not show them).
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-store-'));
    dirs.push(dir);
    const db = openStoreDatabase(join(dir, 'kiosk.sqlite'));
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('writes a capture durably: file under its final name, sha256 recorded, no temp left', async () => {
    const store = await openStore();
    const { session } = sessionWithCustomer(store);
    clock += 1000;
    const bytes = jpeg('a');
    const capture = await store.saveCapture({ sessionId: session.id, view: 'front', light: 'white', jpeg: bytes, width: 4000, height: 3000 });
    expect(readFileSync(capture.path)).toEqual(Buffer.from(bytes));
    expect(capture).toMatchObject({ sha256: sha(bytes), bytes: bytes.length, width: 4000, height: 3000, integrity: 'ok', syncedAt: null, capturedAt: clock });
    expect(capture.filePath).toBe(`${session.id}/front-white-${capture.id}.jpg`);
    expect(readdirSync(join(store.capturesDir, session.id))).toEqual([`front-white-${capture.id}.jpg`]);
    expect(store.getSession(session.id)).toMatchObject({ state: 'capturing', updatedAt: clock, customerId: expect.any(String), skinCondition: 'clean' });
  });

  it('generates time-ordered UUIDv7 ids', async () => {
    const store = await openStore();
    const a = store.createSession('single_camera');
    clock += 5;
    const b = store.createSession('single_camera');
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.id < b.id).toBe(true);
  });

  it('replaces a retake atomically and removes the old file', async () => {
    const store = await openStore();
    const { session } = sessionWithCustomer(store);
    const first = await store.saveCapture({ sessionId: session.id, view: 'left', light: 'uv', jpeg: jpeg('1'), width: 10, height: 10 });
    await store.saveCapture({ sessionId: session.id, view: 'left', light: 'white', jpeg: jpeg('w'), width: 10, height: 10 });
    const second = await store.saveCapture({ sessionId: session.id, view: 'left', light: 'uv', jpeg: jpeg('2'), width: 10, height: 10 });
    const rows = store.listCaptures(session.id);
    expect(rows.map((r) => `${r.view}/${r.light}`).sort()).toEqual(['left/uv', 'left/white']);
    expect(rows.find((r) => r.light === 'uv')).toMatchObject({ id: second.id, sha256: sha(jpeg('2')) });
    expect(existsSync(first.path)).toBe(false);
    expect(readdirSync(join(store.capturesDir, session.id))).toHaveLength(2);
  });

  it('refuses captures for unknown or closed sessions and non-JPEG bytes, leaving no file', async () => {
    const store = await openStore();
    const { session } = sessionWithCustomer(store);
    await expect(store.saveCapture({ sessionId: 'nope', view: 'front', light: 'white', jpeg: jpeg('x'), width: 1, height: 1 })).rejects.toMatchObject({ code: 'session_not_found' });
    await expect(store.saveCapture({ sessionId: session.id, view: 'front', light: 'white', jpeg: Buffer.from('GIF89a'), width: 1, height: 1 })).rejects.toBeInstanceOf(StoreError);
    store.setSessionState(session.id, 'cancelled');
    await expect(store.saveCapture({ sessionId: session.id, view: 'front', light: 'white', jpeg: jpeg('x'), width: 1, height: 1 })).rejects.toMatchObject({ code: 'session_closed' });
    expect(existsSync(join(store.capturesDir, session.id)) ? readdirSync(join(store.capturesDir, session.id)) : []).toEqual([]);
  });

  it('records consent on the customer, merged across sessions', async () => {
    const store = await openStore();
    const { customer } = sessionWithCustomer(store);
    store.recordConsent(customer.id, ['marketing-v1'], ['photos-research']);
    expect(store.getCustomer(customer.id)).toMatchObject({ agreeClauseIds: ['privacy-v1', 'marketing-v1'], rejectClauseIds: ['photos-research'], consentAt: clock });
    store.recordConsent(customer.id, ['photos-research']);
    expect(store.getCustomer(customer.id)).toMatchObject({ agreeClauseIds: ['privacy-v1', 'marketing-v1', 'photos-research'], rejectClauseIds: [] });
  });

  it("lists a customer's finished sessions, newest first, not those cancelled or still open (D-134)", async () => {
    const store = await openStore();
    const { customer, session: open } = sessionWithCustomer(store);
    const ids = (['done', 'cancelled', 'done'] as const).map((state) => {
      clock += 1000;
      const session = store.createSession('multi_light');
      store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['privacy-v1'] });
      store.setSessionState(session.id, state);
      return session.id;
    });
    expect(store.sessionIdsOfCustomer(customer.id)).toEqual([ids[2], ids[0]]);
    expect(store.sessionIdsOfCustomer(customer.id)).not.toContain(open.id);
  });

  it('finds a customer by a number typed as people write it, with or without the calling code (D-134)', async () => {
    const store = await openStore();
    store.createCustomer({ name: 'Sam', phoneCc: 65, phoneNumber: '91234567' });
    store.createCustomer({ name: 'Other', phoneCc: 60, phoneNumber: '123400089' });
    const names = (keyword: string) => store.searchCustomers(keyword, { limit: 20, offset: 0 }).customers.map((c) => c.name);
    for (const typed of ['+65 9123 4567', '0065-9123-4567', '6591234567', '9123 4567', '(9123) 4567', '4567']) expect(names(typed), typed).toEqual(['Sam']);
    expect(names('+60 9123 4567')).toEqual([]);
    // A trunk 0, stored or typed (the UAE's 050…, the UK's 07700…).
    store.createCustomer({ name: 'Noor', phoneCc: 971, phoneNumber: '0501234567' });
    store.createCustomer({ name: 'Ade', phoneCc: 44, phoneNumber: '7700900123' });
    expect(names('+971 50 123 4567')).toEqual(['Noor']);
    expect(names('050 123 4567')).toEqual(['Noor']);
    expect(names('07700 900123')).toEqual(['Ade']);
    expect(names('+44 7700 900123')).toEqual(['Ade']);
    // Too few digits to be a number, and names, as before.
    expect(names('+1')).toEqual([]);
    expect(names('sam')).toEqual(['Sam']);
  });

  it("deletes a customer's rows and files on request, and nobody else's", async () => {
    const store = await openStore();
    const a = sessionWithCustomer(store);
    const b = sessionWithCustomer(store);
    const second = store.createSession('multi_light');
    store.attachCustomer(second.id, { customerId: a.customer.id, skinCondition: 'other', consentClauseIds: ['privacy-v1'] });
    const files: string[] = [];
    for (const s of [a.session, second]) files.push((await store.saveCapture({ sessionId: s.id, view: 'front', light: 'white', jpeg: jpeg(s.id), width: 1, height: 1 })).path);
    const kept = await store.saveCapture({ sessionId: b.session.id, view: 'front', light: 'white', jpeg: jpeg('b'), width: 1, height: 1 });
    const deleted = await store.deleteCustomerData(a.customer.id);
    expect({ sessions: deleted.sessions, captures: deleted.captures }).toEqual({ sessions: 2, captures: 2 });
    expect(store.getCustomer(a.customer.id)).toBeNull();
    expect(store.getSession(a.session.id)).toBeNull();
    for (const f of files) expect(existsSync(f)).toBe(false);
    expect(existsSync(join(store.capturesDir, a.session.id))).toBe(false);
    expect(existsSync(kept.path)).toBe(true);
    expect(store.listCaptures(b.session.id)).toHaveLength(1);
    await expect(store.deleteCustomerData(a.customer.id)).rejects.toMatchObject({ code: 'customer_not_found' });
  });

  it('deletes captures only once synced and past retention (and stale cancelled ones)', async () => {
    const store = await openStore();
    const { session } = sessionWithCustomer(store);
    const old = await store.saveCapture({ sessionId: session.id, view: 'front', light: 'white', jpeg: jpeg('o'), width: 1, height: 1 });
    const recent = await store.saveCapture({ sessionId: session.id, view: 'left', light: 'white', jpeg: jpeg('r'), width: 1, height: 1 });
    const unsynced = await store.saveCapture({ sessionId: session.id, view: 'right', light: 'white', jpeg: jpeg('u'), width: 1, height: 1 });
    const day = 86_400_000;
    withKioskDb(
      store.dataDir,
      (db) => {
        db.prepare('UPDATE captures SET synced_at = ? WHERE id = ?').run(clock - 31 * day, old.id);
        db.prepare('UPDATE captures SET synced_at = ? WHERE id = ?').run(clock - 29 * day, recent.id);
      },
      { write: true },
    );
    const cancelled = store.createSession('multi_light');
    const stale = await store.saveCapture({ sessionId: cancelled.id, view: 'front', light: 'white', jpeg: jpeg('c'), width: 1, height: 1 });
    store.setSessionState(cancelled.id, 'cancelled');
    clock += 31 * day;
    // Now: old synced 62 days ago, recent 60, the cancelled session last changed 31 days ago.
    expect(await store.applyRetention(61)).toBe(1);
    expect(existsSync(old.path)).toBe(false);
    expect(existsSync(recent.path) && existsSync(stale.path)).toBe(true);
    expect(await store.applyRetention(45)).toBe(1);
    expect(existsSync(recent.path)).toBe(false);
    expect(await store.applyRetention(30)).toBe(1);
    expect(existsSync(stale.path)).toBe(false);
    expect(existsSync(join(store.capturesDir, cancelled.id))).toBe(false);
    // Never synced: kept however old.
    expect(await store.applyRetention(0)).toBe(0);
    expect(store.listCaptures(session.id).map((c) => c.id)).toEqual([unsynced.id]);
    expect(existsSync(unsynced.path)).toBe(true);
  });

  it('recovery removes temp and orphan files and flags missing or altered files on reopen', async () => {
    const store = await openStore();
    const dataDir = join(store.capturesDir, '..');
    const { session } = sessionWithCustomer(store);
    const gone = await store.saveCapture({ sessionId: session.id, view: 'front', light: 'white', jpeg: jpeg('g'), width: 1, height: 1 });
    const altered = await store.saveCapture({ sessionId: session.id, view: 'front', light: 'uv', jpeg: jpeg('h'), width: 1, height: 1 });
    const truncated = await store.saveCapture({ sessionId: session.id, view: 'left', light: 'uv', jpeg: jpeg('t'), width: 1, height: 1 });
    const fine = await store.saveCapture({ sessionId: session.id, view: 'right', light: 'uv', jpeg: jpeg('f'), width: 1, height: 1 });
    store.close();
    rmSync(gone.path);
    writeFileSync(altered.path, Buffer.from(jpeg('H')));
    writeFileSync(truncated.path, Buffer.from(jpeg('t')).subarray(0, 20));
    const temp = join(store.capturesDir, session.id, `.front-white-x.jpg.tmp`);
    const orphan = join(store.capturesDir, session.id, 'front-white-orphan.jpg');
    const strayDir = join(store.capturesDir, 'no-such-session');
    writeFileSync(temp, 'half a jpeg');
    writeFileSync(orphan, Buffer.from(jpeg('o')));
    rmSync(strayDir, { recursive: true, force: true });
    (await import('node:fs')).mkdirSync(strayDir);
    writeFileSync(join(strayDir, 'x.jpg'), 'x');

    const reopened = await openStore(dataDir);
    expect(reopened.recovery.tempFilesRemoved).toEqual([`${session.id}/.front-white-x.jpg.tmp`]);
    expect([...reopened.recovery.orphanFilesRemoved].sort()).toEqual([`${session.id}/front-white-orphan.jpg`, 'no-such-session/x.jpg'].sort());
    expect(reopened.recovery.missing).toEqual([gone.id]);
    expect([...reopened.recovery.corrupt].sort()).toEqual([altered.id, truncated.id].sort());
    expect(existsSync(temp) || existsSync(orphan) || existsSync(strayDir)).toBe(false);
    const integrity = Object.fromEntries(reopened.listCaptures(session.id).map((c) => [c.id, c.integrity]));
    expect(integrity).toEqual({ [gone.id]: 'missing', [altered.id]: 'corrupt', [truncated.id]: 'corrupt', [fine.id]: 'ok' });

    // A file put back is cleared on the next start.
    writeFileSync(gone.path, Buffer.from(jpeg('g')));
    reopened.close();
    const third = await openStore(dataDir);
    expect(third.recovery.restored).toEqual([gone.id]);
  });
});
