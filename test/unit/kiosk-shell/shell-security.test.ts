import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { originsOf } from '../../../main/kiosk/platform-link.ts';
import { createAppProtocolHandler } from '../../../main/shell/app-protocol.ts';
import { createKioskIpc, type IpcMainInvokeEventLike } from '../../../main/shell/ipc.ts';
import {
  allowPermissionCheck, allowPermissionRequest, APP_ORIGIN, appRequestPath, isAllowedNavigation, isTrustedSender, KIOSK_API_CHANNEL, shellContentSecurityPolicy,
} from '../../../main/shell/security.ts';
import { createTestApi, PINS } from './helpers/test-api.ts';

const APP = 'app://kiosk/index.html';

describe('Electron permissions: the camera for our page, nothing else', () => {
  it('grants a media request for video only, from app://kiosk', () => {
    expect(allowPermissionRequest('media', { requestingUrl: APP, mediaTypes: ['video'] })).toBe(true);
    expect(allowPermissionRequest('media', { requestingUrl: APP, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: APP, mediaTypes: ['audio'] })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: APP, mediaTypes: [] })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: APP })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: 'https://evil.example/', mediaTypes: ['video'] })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: 'app://other/index.html', mediaTypes: ['video'] })).toBe(false);
    expect(allowPermissionRequest('media', { requestingUrl: 'file:///index.html', mediaTypes: ['video'] })).toBe(false);
    for (const permission of ['notifications', 'geolocation', 'clipboard-read', 'hid', 'serial', 'openExternal', 'fullscreen', 'midiSysex']) {
      expect(allowPermissionRequest(permission, { requestingUrl: APP, mediaTypes: ['video'] })).toBe(false);
    }
  });

  it('answers permission checks by the same rule', () => {
    expect(allowPermissionCheck('media', APP_ORIGIN, { mediaType: 'video' })).toBe(true);
    expect(allowPermissionCheck('media', `${APP_ORIGIN}/`, { mediaType: 'video', securityOrigin: `${APP_ORIGIN}/` })).toBe(true);
    expect(allowPermissionCheck('media', APP_ORIGIN, { mediaType: 'audio' })).toBe(false);
    expect(allowPermissionCheck('media', APP_ORIGIN, { mediaType: 'unknown' })).toBe(false);
    expect(allowPermissionCheck('media', 'http://127.0.0.1:4780', { mediaType: 'video' })).toBe(false);
    expect(allowPermissionCheck('notifications', APP_ORIGIN, {})).toBe(false);
  });
});

describe('Electron IPC, navigation and protocol paths', () => {
  it('trusts only the top frame of app://kiosk', () => {
    expect(isTrustedSender({ url: APP, parent: null })).toBe(true);
    expect(isTrustedSender({ url: 'app://kiosk/deep/path?x=1#y', parent: null })).toBe(true);
    expect(isTrustedSender({ url: APP, parent: { url: APP, parent: null } })).toBe(false);
    expect(isTrustedSender({ url: 'https://kiosk/', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'app://kiosk.evil/', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'about:blank', parent: null })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });

  it('allows navigation within app://kiosk only', () => {
    expect(isAllowedNavigation('app://kiosk/index.html#/results')).toBe(true);
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x', 'app://other/', 'http://127.0.0.1:4780/']) {
      expect(isAllowedNavigation(url)).toBe(false);
    }
  });

  it('maps app:// URLs to paths of the build and refuses other hosts', () => {
    expect(appRequestPath('app://kiosk/')).toBe('/');
    expect(appRequestPath('app://kiosk/assets/index-abc.js?v=1')).toBe('/assets/index-abc.js');
    expect(appRequestPath('app://elsewhere/index.html')).toBeNull();
    expect(appRequestPath('https://kiosk/index.html')).toBeNull();
    expect(appRequestPath('not a url')).toBeNull();
  });

  it('uses one channel whose name the standalone preload repeats exactly', () => {
    const preload = readFileSync(new URL('../../../main/shell/preload.cts', import.meta.url), 'utf8');
    expect(preload).toContain(`const KIOSK_API_CHANNEL = '${KIOSK_API_CHANNEL}';`);
    expect(preload).toContain("exposeInMainWorld(\n  'kioskApi'");
    // The sandboxed preload may require nothing of ours at run time.
    expect(preload.match(/require\(/g)).toHaveLength(1);
  });

  it('has a CSP with no inline script, no eval and no foreign code', () => {
    const csp = shellContentSecurityPolicy({ imageOrigins: ['http://127.0.0.1:5123'] });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:5123/);
    expect(csp).toMatch(/media-src [^;]*mediastream:/);
  });

  it('allows images from the platform only, not from any https: origin (D-042)', () => {
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive(shellContentSecurityPolicy({ imageOrigins: ['https://skin.example.com'] }), 'img-src')).toBe("img-src 'self' data: blob: https://skin.example.com");
    expect(directive(shellContentSecurityPolicy(), 'img-src')).toBe("img-src 'self' data: blob:");
    for (const csp of [shellContentSecurityPolicy(), shellContentSecurityPolicy({ imageOrigins: ['https://skin.example.com'] })]) {
      expect(csp.split('; ').filter((d) => /(^|\s)https?:(\s|$)/.test(d))).toEqual([]);
    }
  });

  it('takes the platform origins from every configured address, each once', () => {
    expect(originsOf(['https://cn.skin.example.com/base/', 'https://skin.example.com', 'https://skin.example.com/v2', '', 'not a url', 'ftp://files.example.com'])).toEqual([
      'https://cn.skin.example.com',
      'https://skin.example.com',
    ]);
    expect(originsOf(['http://127.0.0.1:5123'])).toEqual(['http://127.0.0.1:5123']);
  });
});

describe('app:// protocol handler', () => {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-app-'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>kiosk</title>');
  writeFileSync(join(root, 'dist', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside the build');
  symlinkSync(join(root, 'secret.txt'), join(root, 'dist', 'assets', 'link.txt'));
  let csp = "default-src 'none'";
  const handler = createAppProtocolHandler(join(root, 'dist'), () => csp);

  it('serves the build with its MIME type and the CSP header', async () => {
    const page = await handler(new Request('app://kiosk/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await page.text()).toContain('<title>kiosk</title>');
    const script = await handler(new Request('app://kiosk/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('asks for the CSP on every request: a platform address changed in the settings counts at the next load', async () => {
    csp = "default-src 'none'; img-src 'self' https://new.skin.example.com";
    expect((await handler(new Request('app://kiosk/'))).headers.get('content-security-policy')).toBe(csp);
    csp = "default-src 'none'";
  });

  it('refuses traversal, symlinks out of the build and other hosts', async () => {
    for (const url of ['app://kiosk/%2e%2e/secret.txt', 'app://kiosk/assets/..%2f..%2fsecret.txt', 'app://kiosk/assets%5c..%5c..%5csecret.txt', 'app://kiosk/assets/link.txt']) {
      const response = await handler(new Request(url));
      expect([400, 404], url).toContain(response.status);
      expect(await response.text()).not.toContain('outside the build');
    }
    expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
    expect((await handler(new Request('app://kiosk/missing.js'))).status).toBe(404);
  });
});

describe('Electron IPC listener', () => {
  const event = (url: string, id = 1, parent: unknown = null): IpcMainInvokeEventLike =>
    ({ sender: { id } as IpcMainInvokeEventLike['sender'], senderFrame: { url, parent } as IpcMainInvokeEventLike['senderFrame'] });

  it('refuses calls from other frames without calling the implementation', async () => {
    const { api, state } = createTestApi();
    const ipc = createKioskIpc(api, { log: () => undefined });
    expect(await ipc.listener(event('https://evil.example/'), 'getStatus', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ipc.listener({ sender: { id: 1 } as IpcMainInvokeEventLike['sender'], senderFrame: null }, 'getStatus', {})).toMatchObject({ ok: false });
    expect(await ipc.listener(event(APP, 1, { url: APP, parent: null }), 'getStatus', {})).toMatchObject({ ok: false });
    expect(state.calls).toHaveLength(0);
  });

  it('dispatches calls of our page with a session per window, dropped on reset', async () => {
    const { api } = createTestApi();
    const ipc = createKioskIpc(api);
    expect(await ipc.listener(event(APP, 1), 'submitFrame', { sessionId: 's1', jpeg: new Uint8Array(7) })).toMatchObject({ ok: true, output: { countdownMs: 7 } });
    await ipc.listener(event(APP, 1), 'verifyPin', { role: 'staff', pin: PINS.staff });
    expect((await ipc.listener(event(APP, 1), 'listSessions', {})).ok).toBe(true);
    expect((await ipc.listener(event(APP, 2), 'listSessions', {})).ok).toBe(false);
    ipc.reset(1);
    expect((await ipc.listener(event(APP, 1), 'listSessions', {})).ok).toBe(false);
    expect(await ipc.listener(event(APP, 1), 42, {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
