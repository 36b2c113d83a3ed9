/**
 * 44099 (D-008): two platform instances on one data directory, one per region. The kiosk of an
 * overseas merchant is set up with the wrong region (cn) first: the cn instance answers 44099,
 * the client moves to the overseas address, and the kiosk keeps that region for its next start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { tasksBySession } from './platform-db.ts';

describe('region switch on 44099', () => {
  let overseas: PlatformChild;
  let cn: PlatformChild;
  beforeAll(async () => {
    // The first instance seeds the shared data directory; the second only joins it.
    overseas = await startPlatformChild({ args: ['--region', 'overseas'] });
    cn = await startPlatformChild({ dataDir: overseas.dataDir, args: ['--region', 'cn'] });
  });
  afterAll(async () => {
    await cn.stop();
    await overseas.stop();
  });

  it('syncs through the merchant region and keeps it across a restart', async () => {
    const addresses = { cn: cn.url, overseas: overseas.url };
    const kiosk = await startKiosk(cn.url, overseas.app, { profile: 'single_camera', region: 'cn', addresses });
    const dataDir = kiosk.dataDir;
    let again: Awaited<ReturnType<typeof startKiosk>> | null = null;
    try {
      expect((await kiosk.api.getSettings({})).platform.region).toBe('cn');
      const { sessionId } = await captureSession(kiosk, 'Region Ravi');
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', errorCode: null });
      expect((await tasksBySession(overseas.dataDir)).get(sessionId)?.tasks).toBe(1);
      expect(kiosk.link.region).toBe('overseas');
      expect(kiosk.link.baseUrl).toBe(overseas.url);
      const settings = await kiosk.api.getSettings({});
      expect(settings.platform.region).toBe('overseas');
      expect((await kiosk.api.getStatus({})).platform).toMatchObject({ region: 'overseas', baseUrl: overseas.url });
      await kiosk.close();

      // The next start goes straight to the overseas instance, whatever the file says.
      again = await startKiosk(cn.url, overseas.app, { dataDir, profile: 'single_camera', region: 'cn', addresses });
      expect(again.link.baseUrl).toBe(overseas.url);
      const next = await captureSession(again, 'Region Again');
      await waitFor('sync', () => again!.engine.job(next.sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(again.engine.job(next.sessionId)?.stage).toBe('done');
    } finally {
      await kiosk.close();
      await again?.close();
      removeDir(dataDir);
    }
  }, 90_000);
});
