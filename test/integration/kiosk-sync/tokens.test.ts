/**
 * Token expiry and rotation while the queue syncs. The platform runs in-process here with a
 * ManualClock, so expiry is real expiry on the platform's side (its clock moves past the
 * token's lifetime) while the kiosk's own clock says the token is still good: the kiosk learns
 * it from the 1001 answer, takes one fresh token and goes on.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestPlatform } from '../../helpers/platform.ts';
import type { TestPlatform } from '../../helpers/platform.ts';
import { captureSession, removeDir, startKiosk } from './helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('tokens during sync', () => {
  let tp: TestPlatform;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
  });
  afterAll(() => tp.stop());

  async function tokenHash(appId: string): Promise<string | undefined> {
    return (await tp.platform.services.sql.one<{ token_hash: string }>('SELECT token_hash FROM tokens WHERE app_id = ?', [appId]))?.token_hash;
  }

  async function drain(kiosk: Awaited<ReturnType<typeof startKiosk>>, sessionId: string): Promise<void> {
    for (let i = 0; i < 400 && kiosk.engine.job(sessionId)?.stage !== 'done'; i++) {
      if (!(await kiosk.engine.runOnce())) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('an access token that expired on the platform is refreshed once (1001) and the queue goes on', async () => {
    const app = tp.app('primary');
    const kiosk = await startKiosk(tp.platform.url, app, { profile: 'single_camera', extra: { startSync: false } });
    try {
      const { sessionId } = await captureSession(kiosk, 'Expiry Ee');
      // The customer's registration takes the first token.
      expect(await kiosk.engine.runOnce()).toBe(true);
      const first = await tokenHash(app.app_id);
      clock.advance(3 * 3600 * 1000); // past the token's lifetime, on the platform only
      await drain(kiosk, sessionId);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', errorCode: null });
      // The kiosk's clock never reached the refresh margin: only the 1001 can have made it re-issue.
      expect(await tokenHash(app.app_id)).not.toBe(first);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 90_000);

  it('a token rotated by another client of the same app mid-queue is replaced and the queue goes on', async () => {
    const app = tp.app('primary');
    const kiosk = await startKiosk(tp.platform.url, app, { profile: 'multi_light', lights: ['white'], extra: { startSync: false } });
    try {
      const { sessionId } = await captureSession(kiosk, 'Rotation Raj');
      // Registration and two uploads on the kiosk's token...
      for (let i = 0; i < 4; i++) await kiosk.engine.runOnce();
      expect(kiosk.engine.job(sessionId)?.stage).toBe('upload');
      // ...then another client of the app takes a new token: the kiosk's one answers 1001 from now on.
      const rotated = await tp.client(app).accessToken();
      expect(await tokenHash(app.app_id)).toBe(sha256(rotated));
      await drain(kiosk, sessionId);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', errorCode: null });
      expect(kiosk.engine.job(sessionId)?.reportUrl).toMatch(/shared\/reports/);
      expect(await tokenHash(app.app_id)).not.toBe(sha256(rotated));
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 90_000);
});
