/**
 * Disk full through the kiosk API with the real capture writer (issue 7: a configuration error
 * gives the technician a clear message and loses nothing). The store under the session is a
 * real KioskStore on the kiosk's data directory whose file calls hit ENOSPC on demand (the fs
 * boundary, test/integration/kiosk-store/faulty-fs.ts): the session faults with the disk-full
 * message, nothing half-written is left, and the retake after space is freed syncs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { faultyFs } from '../kiosk-store/faulty-fs.ts';
import { REQUIRED_CONSENT, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';

describe('disk full during a capture (real writer, ENOSPC at the fs boundary)', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('faults the shot with the disk-full message, leaves no temp file or row, and the retake after freeing space syncs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-disk-full-'));
    const fs = faultyFs();
    // The capture writer: the kiosk's own store on its data directory, its file calls failing on demand.
    const writer = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'unsynced', fs });
    const kiosk = await startKiosk(platform.url, platform.app, { dataDir, profile: 'multi_light', lights: ['white'], extra: { recorder: () => writer } });
    try {
      const api = kiosk.api;
      const session = await api.createSession({});
      await api.submitConsent({ sessionId: session.id, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
      const customer = await api.registerCustomer({ customer: { name: 'Disk Dang' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
      await api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'clean' });
      expect((await api.captureNow({ sessionId: session.id })).current?.view).toBe('left');

      fs.full = 'write';
      const fault = await api.captureNow({ sessionId: session.id });
      expect(fault.state).toBe('fault');
      expect(fault.fault).toMatchObject({
        code: 'disk_full',
        message: `The disk holding ${dataDir} is full: the photo was not saved (earlier photos are safe). Free space (synced captures older than the retention period can go), then retake this view.`,
      });
      expect(fs.failures).toContain('write');
      // Nothing half-written: one file (the front shot) and its row, the hash intact.
      const files = readdirSync(join(dataDir, 'captures', session.id));
      expect(files).toHaveLength(1);
      expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
      const captures = kiosk.store.listCaptures(session.id);
      expect(captures.map((c) => `${c.view}/${c.light}`)).toEqual(['front/white']);
      expect(createHash('sha256').update(readFileSync(captures[0]!.path)).digest('hex')).toBe(captures[0]!.sha256);

      fs.full = null;
      expect((await api.retake({ sessionId: session.id, view: 'left' })).state).toBe('live');
      await api.captureNow({ sessionId: session.id });
      expect((await api.captureNow({ sessionId: session.id })).state).toBe('review');
      await api.confirmCapture({ sessionId: session.id });
      await waitFor('sync', () => kiosk.engine.job(session.id)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(session.id)?.stage).toBe('done');
      expect(kiosk.store.listCaptures(session.id)).toHaveLength(3);
    } finally {
      await kiosk.close();
      writer.close();
      removeDir(dataDir);
    }
  }, 90_000);
});
