import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import { captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';

/**
 * Kiosk API getStanding (D-066) against a real platform: asked by the session's analysis, it
 * answers the band and one entry per measured dimension; a platform with no other customers
 * gives no figure; before the analysis and with the platform gone it is simply not available.
 */
describe('kiosk: where the customer stands', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('asks the platform once the session is analysed, and is not available before that or offline', async () => {
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'multi_light' });
    try {
      const open = await kiosk.api.createSession({});
      expect(await kiosk.api.getStanding({ sessionId: open.id })).toEqual({ available: false });
      await kiosk.api.cancelSession({ sessionId: open.id });

      const { sessionId } = await captureSession(kiosk, 'Mei Lin', { birthday: '1990-05-04' });
      await waitFor('result stored', () => kiosk.engine.job(sessionId)?.result ?? null, (r) => r !== null, 90_000);
      const report = await kiosk.api.getReport({ sessionId, lang: 'en' });
      const standing = kioskApiContract.getStanding.output.parse(await kiosk.api.getStanding({ sessionId }));
      if (!standing.available) throw new Error('standing not available with the platform up');
      expect(standing.ageBand).toEqual({ from: 30, to: 39 });
      expect(standing.minGroupSize).toBe(20);
      // Every dimension the platform measured is placed; no other customer yet, so no figure.
      expect(standing.dimensions.map((d) => d.dimension).sort()).toEqual(expect.arrayContaining(report.dimensions.map((d) => d.dimension).sort()));
      expect(standing.dimensions.every((d) => d.percentile === null)).toBe(true);

      await platform.kill();
      expect(await kiosk.api.getStanding({ sessionId })).toEqual({ available: false });
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 180_000);
});
