import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_MALLOC_ENV, startEmbeddedPlatform } from '../../../main/embedded-platform.ts';

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embedded platform', () => {
  it('starts platform/cli.ts as a child on loopback with its own data directory, and its credentials work', async () => {
    const kioskDataDir = mkdtempSync(join(tmpdir(), 'kiosk-embedded-'));
    // Meant for a platform service on the same machine: the kiosk's own platform ignores them.
    process.env.DATABASE_URL = 'postgres://nowhere.invalid/elsewhere';
    process.env.PLATFORM_DATA = join(kioskDataDir, 'elsewhere');
    const lines: string[] = [];
    const platform = await startEmbeddedPlatform({ kioskDataDir, onOutput: (line) => lines.push(line) }).finally(() => {
      delete process.env.DATABASE_URL;
      delete process.env.PLATFORM_DATA;
    });
    try {
      expect(existsSync(join(platform.dataDir, 'platform.sqlite'))).toBe(true);
      expect(platform.connection.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(platform.dataDir).toBe(join(kioskDataDir, 'embedded-platform'));
      expect(existsSync(join(platform.dataDir, 'demo-credentials.json'))).toBe(true);
      expect(platform.pid).not.toBe(process.pid);
      expect(alive(platform.pid)).toBe(true);
      expect(platform.connection.storeCustomId).not.toBe('');
      // It analyses the photos, so it starts with the allocator settings for them (D-092), and
      // without the variables meant for another platform.
      const childEnv = readFileSync(`/proc/${platform.pid}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(ANALYSIS_MALLOC_ENV)) expect(childEnv).toContain(`${name}=${value}`);
      expect(childEnv.some((entry) => entry.startsWith('DATABASE_URL=') || entry.startsWith('PLATFORM_'))).toBe(false);

      // The kiosk's app signs in at the platform over HTTP, as it would at a remote one.
      const { appId, appSecret, baseUrl } = platform.connection;
      const response = await fetch(`${baseUrl}/skin_api/common/access_token?app_id=${encodeURIComponent(appId)}&app_secret=${encodeURIComponent(appSecret)}`);
      const body = (await response.json()) as { meta: { code: number }; response: { access_token: string } };
      expect(body.meta.code).toBe(0);
      expect(body.response.access_token.length).toBeGreaterThan(10);
    } finally {
      await platform.stop();
    }
    expect(alive(platform.pid)).toBe(false);
    // Its output, whole lines, also after it started: how it stopped is in the kiosk's console.
    expect(lines).toContain(`platform (overseas) listening on ${platform.connection.baseUrl}`);
    expect(lines).toContain('SIGTERM: closing');

    // A second launch on the same data keeps the seeded credentials and the port, and returns
    // before the child listens (the address is known): the kiosk does not wait for it.
    const again = await startEmbeddedPlatform({ kioskDataDir });
    try {
      let listening = false;
      void again.ready.then(() => (listening = true), () => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      expect(listening).toBe(false);
      expect(again.connection.baseUrl).toBe(platform.connection.baseUrl);
      expect(again.credentials.apps.map((a) => a.app_id)).toEqual(platform.credentials.apps.map((a) => a.app_id));
      await again.ready;
      const ok = await fetch(`${again.connection.baseUrl}/skin_api/common/access_token?app_id=${again.connection.appId}&app_secret=${encodeURIComponent(again.connection.appSecret)}`);
      expect(((await ok.json()) as { meta: { code: number } }).meta.code).toBe(0);
    } finally {
      await again.stop();
    }
  }, 90_000);

  it('fails with the child output when the platform cannot start', async () => {
    const kioskDataDir = mkdtempSync(join(tmpdir(), 'kiosk-embedded-bad-'));
    await expect(startEmbeddedPlatform({ kioskDataDir, region: 'mars' as 'cn' })).rejects.toThrow(/embedded platform exited before listening/);
  }, 60_000);
});
