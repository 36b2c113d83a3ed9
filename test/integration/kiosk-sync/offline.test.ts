import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_CONSENT, captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { tasksBySession } from './platform-db.ts';

describe('platform stopped mid-session', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('keeps capturing, queues offline, survives a kiosk restart, and drains once the platform is back', async () => {
    const first = await startKiosk(platform.url, platform.app, { profile: 'multi_light', lights: ['white', 'cross_polar'] });
    const dataDir = first.dataDir;
    let second: Awaited<ReturnType<typeof startKiosk>> | null = null;
    try {
      // The customer registers while the platform is up; the session starts capturing.
      const api = first.api;
      const session = await api.createSession({});
      await api.submitConsent({ sessionId: session.id, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
      const customer = await api.registerCustomer({ customer: { name: 'Offline Ong', phoneNumber: '81234567' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
      await api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'fresh_makeup' });
      expect((await api.captureNow({ sessionId: session.id })).current?.view).toBe('left');

      // Mid-session the platform dies (SIGKILL, no goodbye); capture goes on regardless.
      await platform.kill();
      await api.captureNow({ sessionId: session.id });
      const review = await api.captureNow({ sessionId: session.id });
      expect(review.state).toBe('review');
      expect(review.shots).toHaveLength(6);
      await api.confirmCapture({ sessionId: session.id });
      // A second whole session while offline.
      const other = await captureSession(first, 'Second Offline');

      const queued = await waitFor('offline stage', () => api.getReport({ sessionId: session.id, lang: 'en' }), (r) => r.stage === 'queued_offline', 60_000);
      expect(queued.stageDetail).toMatchObject({ key: 'sync.offline', params: { total: 6 }, text: expect.stringMatching(/^Offline/) });
      expect((await api.getStatus({})).platform.reachable).toBe(false);
      const offlineJob = first.engine.job(session.id)!;
      expect(offlineJob.waiting).toBe('network');
      expect(offlineJob.attempts).toBeGreaterThan(0);

      // The kiosk restarts while still offline: everything is still queued, nothing lost.
      await first.close();
      second = await startKiosk(platform.url, platform.app, { dataDir, profile: 'multi_light', lights: ['white', 'cross_polar'] });
      expect(second.store.listCaptures(session.id)).toHaveLength(6);
      expect(second.engine.counts().pending).toBe(2);

      await platform.restart();
      for (const id of [session.id, other.sessionId]) {
        await waitFor(`sync of ${id}`, () => second!.engine.job(id)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
        expect(second.engine.job(id)).toMatchObject({ stage: 'done', errorCode: null, waiting: null });
        expect((await second.api.getReport({ sessionId: id, lang: 'en' })).stage).toBe('ready');
        expect((await tasksBySession(platform.dataDir)).get(id)?.tasks).toBe(1);
      }
      expect(second.engine.counts()).toMatchObject({ pending: 0, failed: 0 });
    } finally {
      await first.close();
      await second?.close();
      removeDir(dataDir);
    }
  }, 150_000);
});
