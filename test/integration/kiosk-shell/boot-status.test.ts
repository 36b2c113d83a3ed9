import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootKiosk } from '../../../main/boot.ts';

/**
 * The status a customer sees on the second launch of a kiosk with its embedded platform (D-114):
 * the kiosk starts before the platform listens (the fast path of embedded-platform.ts), so the
 * probe at start meets a refused connection; it must read Online once the platform is up, not a
 * minute later when the next probe is due.
 */
describe('kiosk boot with the embedded platform', () => {
  it('reads Online soon after a relaunch, once the platform listens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-boot-status-'));
    try {
      const first = await bootKiosk({ mode: 'browser', version: 'test', dataDir, log: () => undefined });
      await first.close();
      const second = await bootKiosk({ mode: 'browser', version: 'test', dataDir, log: () => undefined });
      try {
        const started = Date.now();
        let reachable = false;
        while (!reachable && Date.now() - started < 30_000) {
          reachable = (await second.api.getStatus({})).platform.reachable;
          if (!reachable) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // The platform starts in a few seconds; the next probe without the fix is a minute away.
        expect(reachable).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
