import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickDemoApp, type DemoCredentials } from '../../../main/embedded-platform.ts';
import { chromiumArgs, findChromium, isChromiumCrash } from '../../../main/host/chromium.ts';
import { DEFAULT_WINDOW_PORT, parseLaunchArgs } from '../../../main/launch.ts';
import { lookupStatic, mimeType } from '../../../main/transport/static-files.ts';

describe('launcher arguments', () => {
  it('defaults to a window with the embedded platform, and --headless implies the browser host', () => {
    const defaults = parseLaunchArgs([]);
    expect(defaults).toMatchObject({ headless: false, forceBrowserHost: false, kiosk: true, port: undefined, platformUrl: undefined });
    expect(defaults.dataDir).toMatch(/data[/\\]kiosk$/);
    expect(parseLaunchArgs(['--headless'])).toMatchObject({ headless: true, forceBrowserHost: true });
    expect(parseLaunchArgs(['--port', '0', '--no-kiosk', '--platform-url', 'https://api.example.com'])).toMatchObject({ port: 0, kiosk: false, platformUrl: 'https://api.example.com' });
    expect(DEFAULT_WINDOW_PORT).toBeGreaterThan(1024);
    expect(parseLaunchArgs([]).idleSeconds).toBeUndefined();
    expect(parseLaunchArgs(['--idle-seconds', '8']).idleSeconds).toBe(8);
  });

  it('refuses bad values and unknown flags', () => {
    expect(() => parseLaunchArgs(['--port', 'abc'])).toThrow(/--port/);
    expect(() => parseLaunchArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseLaunchArgs(['--platform-url', 'ftp://x'])).toThrow(/--platform-url/);
    expect(() => parseLaunchArgs(['--no-such-flag'])).toThrow();
    // Inactivity timeouts are whole seconds, 3 (tests) to 3600 (D-046).
    for (const bad of ['2', '3601', '4.5', 'soon', '']) expect(() => parseLaunchArgs(['--idle-seconds', bad])).toThrow(/--idle-seconds/);
  });
});

describe('Chromium app window', () => {
  it('tells a crashed window (opened again) from one closed or stopped on purpose (the kiosk stops)', () => {
    expect(isChromiumCrash(0, null)).toBe(false);
    expect(isChromiumCrash(null, 'SIGTERM')).toBe(false);
    expect(isChromiumCrash(null, 'SIGINT')).toBe(false);
    expect(isChromiumCrash(null, 'SIGHUP')).toBe(false);
    expect(isChromiumCrash(null, 'SIGKILL')).toBe(true);
    expect(isChromiumCrash(null, 'SIGSEGV')).toBe(true);
    expect(isChromiumCrash(1, null)).toBe(true);
    expect(isChromiumCrash(133, null)).toBe(true);
  });

  it('finds the first installed candidate', () => {
    expect(findChromium(['/a', '/b', '/c'], (path) => path !== '/a')).toBe('/b');
    expect(findChromium(['/a'], () => false)).toBeNull();
  });

  it('opens the URL as an app, in kiosk mode when asked, in its own profile', () => {
    const args = chromiumArgs({ url: 'http://127.0.0.1:4780/#o=key', profileDir: '/data/profile', kiosk: true, runningAsRoot: false });
    expect(args).toContain('--app=http://127.0.0.1:4780/#o=key');
    expect(args).toContain('--kiosk');
    expect(args).toContain('--user-data-dir=/data/profile');
    expect(args).not.toContain('--no-sandbox');
    const windowed = chromiumArgs({ url: 'http://x/', profileDir: '/p', kiosk: false, runningAsRoot: true });
    expect(windowed).not.toContain('--kiosk');
    expect(windowed).toContain('--no-sandbox');
  });
});

describe('static files of the renderer build', () => {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-static-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, 'assets', 'a.css'), 'body{}');
  writeFileSync(join(root, 'outside.txt'), 'no');
  symlinkSync(join(root, 'outside.txt'), join(dist, 'escape.txt'));

  it('maps paths to files, and extension-less paths to index.html', async () => {
    expect(await lookupStatic(dist, '/assets/a.css')).toMatchObject({ kind: 'file', path: join(dist, 'assets', 'a.css'), size: 6 });
    expect(await lookupStatic(dist, '/')).toMatchObject({ kind: 'file', path: join(dist, 'index.html') });
    expect(await lookupStatic(dist, '/results/today')).toMatchObject({ kind: 'file', path: join(dist, 'index.html') });
    expect(await lookupStatic(dist, '/assets/missing.js')).toEqual({ kind: 'missing' });
    expect(await lookupStatic(join(root, 'nope'), '/')).toEqual({ kind: 'missing' });
  });

  it('refuses traversal in every spelling, NUL bytes, and symlinks out of the build', async () => {
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/%2E%2E/%2e%2e/outside.txt', '/..%2foutside.txt', '/..%5coutside.txt', '/a%00.css', '/%zz', '/escape.txt', '/./index.html']) {
      expect(await lookupStatic(dist, path), path).toEqual({ kind: 'refused' });
    }
  });

  it('names the MIME types the build uses', () => {
    expect(mimeType('x.js')).toBe('text/javascript; charset=utf-8');
    expect(mimeType('x.CSS')).toBe('text/css; charset=utf-8');
    expect(mimeType('x.woff2')).toBe('font/woff2');
    expect(mimeType('x.svg')).toBe('image/svg+xml');
    expect(mimeType('x.unknown')).toBe('application/octet-stream');
  });
});

describe('embedded platform credentials', () => {
  const app = (level: 'group' | 'merchant', region: string, stores: string[], id: string) => ({
    app_id: id, app_secret: 's', level, group_id: '1', merchant_id: level === 'merchant' ? '2' : null, merchant_name: null, region, store_custom_ids: stores,
  });

  it('signs the kiosk in with a merchant app of the platform region that has a store', () => {
    const credentials: DemoCredentials = {
      base_url: 'http://x', region: 'overseas', account_password: 'p',
      apps: [app('group', 'overseas', ['s1'], 'group'), app('merchant', 'cn', ['c1'], 'cn'), app('merchant', 'overseas', [], 'empty'), app('merchant', 'overseas', ['o1'], 'right')],
    };
    expect(pickDemoApp(credentials).app_id).toBe('right');
    expect(() => pickDemoApp({ ...credentials, apps: [app('group', 'overseas', ['s'], 'g')] })).toThrow(/no merchant app/);
  });
});
