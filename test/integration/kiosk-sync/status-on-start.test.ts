import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';

/**
 * An idle kiosk's only regular contact is the catalogue refresh every half hour, and the time of
 * the last refresh is kept across starts: the status pill must not read Offline for up to half an
 * hour after a restart, nor keep what the old address said after a settings change.
 */
describe('the platform status of an idle kiosk', () => {
  let platform: PlatformChild;
  let dead: Server;
  let deadUrl: string;
  beforeAll(async () => {
    platform = await startPlatformChild();
    // An address where every connection is reset at once, as a dead host's port refuses them.
    dead = createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const address = dead.address();
    deadUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await platform.stop();
    await new Promise((resolve) => dead.close(resolve));
  });

  it('reads Online soon after a restart within the catalogue refresh period', async () => {
    const first = await startKiosk(platform.url, platform.app);
    const dataDir = first.dataDir;
    let second: Awaited<ReturnType<typeof startKiosk>> | null = null;
    try {
      await waitFor('first contact', async () => (await first.api.getStatus({})).platform.reachable, (r) => r, 20_000);
      await first.close();
      // Restarted at once: the catalogue is fresh, so no refresh is due and no session is queued.
      second = await startKiosk(platform.url, platform.app, { dataDir });
      const started = Date.now();
      await waitFor('contact after the restart', async () => (await second!.api.getStatus({})).platform.reachable, (r) => r, 10_000);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await first.close();
      await second?.close();
      removeDir(dataDir);
    }
  }, 60_000);

  it('follows a change of the platform address, there and back', async () => {
    const kiosk = await startKiosk(platform.url, platform.app);
    try {
      await waitFor('first contact', async () => (await kiosk.api.getStatus({})).platform.reachable, (r) => r, 20_000);
      const { platform: current } = await kiosk.api.getSettings({});
      await kiosk.api.updateSettings({ patch: { platform: { ...current, cnBaseUrl: deadUrl, overseasBaseUrl: deadUrl } } });
      const offline = await waitFor('offline on the dead address', () => kiosk.api.getStatus({}), (s) => !s.platform.reachable, 10_000);
      expect(offline.platform.baseUrl).toBe(deadUrl);
      await kiosk.api.updateSettings({ patch: { platform: current } });
      const back = await waitFor('online again', () => kiosk.api.getStatus({}), (s) => s.platform.reachable, 10_000);
      expect(back.platform.baseUrl).toBe(platform.url);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);
});
