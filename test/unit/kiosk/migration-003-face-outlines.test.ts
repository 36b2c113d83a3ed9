import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { migrate } from '../../../main/store/database.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { migration001 } from '../../../main/store/migrations/001-capture-store.ts';
import { migration002 } from '../../../main/store/migrations/002-sync.ts';
import { migration003 } from '../../../main/store/migrations/003-face-outlines.ts';

const SQUARE: [number, number][] = [
  [0.3, 0.2],
  [0.7, 0.2],
  [0.7, 0.8],
  [0.3, 0.8],
];

describe('kiosk store migration 003 (face outlines)', () => {
  it('adds face_outlines at user_version 3, once, with one outline per session and view and valid enums', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [migration001, migration002, migration003])).toBe(3);
    expect(migrate(db, [migration001, migration002, migration003])).toBe(3);
    db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES ('s1', 'multi_light', 'capturing', 0, 0)").run();
    const insert = db.prepare('INSERT INTO face_outlines (session_id, view, points, source, recorded_at) VALUES (?, ?, ?, ?, 0)');
    insert.run('s1', 'front', '[]', 'landmarks');
    expect(() => insert.run('s1', 'front', '[]', 'box')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run('s1', 'top', '[]', 'box')).toThrow(/CHECK/);
    expect(() => insert.run('s1', 'left', '[]', 'guess')).toThrow(/CHECK/);
    expect(() => insert.run('s9', 'left', '[]', 'box')).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it("serves the latest finished session's outline per view, replaces it on a retake, and deletes it with the customer's data", async () => {
    let now = 1_000;
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-outlines-'));
    const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'none', now: () => (now += 10) });
    try {
      const customer = store.createCustomer({ name: 'Outline Olga' });
      const session = (state: 'done' | 'cancelled', shift: number) => {
        const s = store.createSession('multi_light');
        store.attachCustomer(s.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['user_agreement', 'privacy_policy'] });
        store.saveFaceOutline(s.id, 'front', { points: SQUARE.map(([x, y]) => [x + shift, y]), source: 'landmarks' });
        if (state === 'done') store.setSessionState(s.id, 'review');
        store.setSessionState(s.id, state);
        return s.id;
      };
      const older = session('done', 0);
      const newer = session('done', 0.05);
      session('cancelled', 0.1);
      const current = store.createSession('multi_light').id;
      // The newest finished one; a cancelled session does not count; other views have none.
      expect(store.previousFaceOutline(customer.id, current, 'front')?.points[0]).toEqual([0.35, 0.2]);
      expect(store.previousFaceOutline(customer.id, current, 'left')).toBeNull();
      expect(store.previousFaceOutline(customer.id, newer, 'front')?.points[0]).toEqual([0.3, 0.2]);
      // A given session's own outline, for comparing two visits (D-061).
      expect(store.faceOutline(newer, 'front')).toEqual({ points: SQUARE.map(([x, y]) => [x + 0.05, y]), source: 'landmarks' });
      expect(store.faceOutline(newer, 'left')).toBeNull();
      store.saveFaceOutline(older, 'front', { points: SQUARE, source: 'box' });
      expect(withKioskDb(dataDir, (db) => db.prepare('SELECT COUNT(*) FROM face_outlines WHERE session_id = ?').pluck().get(older))).toBe(1);
      expect(() => store.saveFaceOutline(older, 'left', { points: [[0, 0]], source: 'box' })).toThrow();
      await store.deleteCustomerData(customer.id);
      expect(withKioskDb(dataDir, (db) => db.prepare('SELECT COUNT(*) FROM face_outlines').pluck().get())).toBe(0);
    } finally {
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
