/**
 * Configuration errors (issue 7, Must show): a missing serial port, an unplugged camera and wrong
 * platform credentials each give the technician a clear message, and nothing captured is lost:
 * the work waits, and resumes once the cause is fixed. A full disk is shown through the real
 * capture writer in disk-full.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SerialPortLike } from '../../../main/device/serial-port.ts';
import type { KioskStore } from '../../../main/store/kiosk-store.ts';
import { REQUIRED_CONSENT, captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';

const FACE = new Uint8Array(readFileSync(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url)));

function intact(kiosk: { store: KioskStore }, sessionId: string): number {
  const captures = kiosk.store.listCaptures(sessionId);
  for (const c of captures) expect(createHash('sha256').update(readFileSync(c.path)).digest('hex')).toBe(c.sha256);
  return captures.length;
}

async function startCapture(kiosk: Awaited<ReturnType<typeof startKiosk>>): Promise<string> {
  const session = await kiosk.api.createSession({});
  await kiosk.api.submitConsent({ sessionId: session.id, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  const customer = await kiosk.api.registerCustomer({ customer: { name: 'Config Chan' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  await kiosk.api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'other' });
  return session.id;
}

/** The renderer's part of a shot: once main waits for the still (its token), send it. */
async function shoot(kiosk: Awaited<ReturnType<typeof startKiosk>>, sessionId: string, view: 'front' | 'left' | 'right') {
  const waiting = await waitFor('still token', () => kiosk.api.getSession({ sessionId }), (s) => s.current?.stillToken != null, 5000);
  return kiosk.api.submitStill({ sessionId, view, light: 'white', stillToken: waiting.current!.stillToken!, jpeg: FACE });
}

describe('configuration errors', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('serial port missing: sessions refuse with the port named; the queue still syncs', async () => {
    const first = await startKiosk(platform.url, platform.app, { profile: 'multi_light', lights: ['white'], extra: { startSync: false } });
    const { sessionId } = await captureSession(first, 'Queued Before');
    await first.close();
    const missingPort = (): SerialPortLike => ({
      isOpen: false,
      open: (cb) => cb(Object.assign(new Error('Error: No such file or directory, cannot open /dev/ttyLIGHTS'), { code: 'ENOENT' })),
      write: () => false,
      drain: (cb) => cb(null),
      close: (cb) => cb(null),
      on: () => undefined,
    });
    const kiosk = await startKiosk(platform.url, platform.app, {
      dataDir: first.dataDir,
      profile: 'multi_light',
      lights: ['white'],
      config: { device: { serialNumber: 'DV-1', profile: { kind: 'multi_light', lights: ['white'] }, lightController: { kind: 'serial', path: '/dev/ttyLIGHTS', commands: { white: 'L1' } } } },
      extra: { serial: { factory: missingPort } },
    });
    try {
      await expect(kiosk.api.createSession({})).rejects.toMatchObject({ code: 'device', message: expect.stringContaining('No serial port at /dev/ttyLIGHTS') });
      const { checks } = await kiosk.api.getDiagnostics({});
      expect(checks.find((c) => c.name === 'lights')).toMatchObject({ ok: false, detail: { key: 'diag.device_problem', text: expect.stringContaining('/dev/ttyLIGHTS') } });
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)?.stage).toBe('done');
      expect(intact(kiosk, sessionId)).toBe(3);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 90_000);

  it('camera unplugged: the session faults with a message to check the camera, keeps its shots and goes on when replugged', async () => {
    const kiosk = await startKiosk(platform.url, platform.app, {
      profile: 'multi_light',
      lights: ['white'],
      config: { device: { serialNumber: 'DV-2', profile: { kind: 'multi_light', lights: ['white'] }, camera: { kind: 'renderer', still: { width: 400, height: 400 } } } },
      // Long enough that a busy machine's gap between the test's frames is not taken for an unplug.
      extra: { pushCamera: { frameTimeoutMs: 2000, stillTimeoutMs: 2000 } },
    });
    try {
      const sessionId = await startCapture(kiosk);
      await kiosk.api.submitFrame({ sessionId, jpeg: FACE });
      expect((await kiosk.api.captureNow({ sessionId })).state).toBe('capturing');
      expect((await shoot(kiosk, sessionId, 'front')).current?.view).toBe('left');
      // Unplugged: no more frames arrive.
      const fault = await waitFor('fault', () => kiosk.api.getSession({ sessionId }), (s) => s.state === 'fault', 10_000);
      expect(fault.fault).toMatchObject({ code: 'disconnected', message: expect.stringContaining('check that the camera is plugged in') });
      expect(intact(kiosk, sessionId)).toBe(1);
      // Replugged: the faulted view again, then the rest.
      expect((await kiosk.api.retake({ sessionId, view: 'left' })).state).toBe('live');
      for (const view of ['left', 'right'] as const) {
        await kiosk.api.submitFrame({ sessionId, jpeg: FACE });
        await kiosk.api.captureNow({ sessionId });
        await shoot(kiosk, sessionId, view);
      }
      expect((await kiosk.api.confirmCapture({ sessionId })).state).toBe('done');
      expect(intact(kiosk, sessionId)).toBe(3);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);

  it('wrong platform credentials: the queue waits with a technician message and drains once the secret is fixed', async () => {
    const kiosk = await startKiosk(platform.url, { ...platform.app, app_secret: 'not-the-secret' }, { profile: 'single_camera' });
    try {
      const { sessionId } = await captureSession(kiosk, 'Secret Sim');
      const job = await waitFor('config wait', () => kiosk.engine.job(sessionId), (j) => j?.waiting === 'config', 20_000);
      expect(job?.errorMessage).toMatch(/refused the app credentials \(44098\).*app secret/);
      const report = await kiosk.api.getReport({ sessionId, lang: 'en' });
      expect(report).toMatchObject({ stage: 'queued_offline', stageDetail: { key: 'failure.merchant_invalid', text: expect.stringContaining('44098') } });
      const { checks } = await kiosk.api.getDiagnostics({});
      expect(checks.find((c) => c.name === 'credentials')).toMatchObject({ ok: false, detail: { key: 'failure.merchant_invalid', text: expect.stringContaining('44098') } });
      expect(checks.find((c) => c.name === 'platform')?.ok).toBe(true);
      expect(intact(kiosk, sessionId)).toBe(1);

      const settings = await kiosk.api.updateSettings({ patch: { appSecret: platform.app.app_secret } });
      expect(settings.platform.hasSecret).toBe(true);
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', waiting: null, errorMessage: null });
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);

  it('a proxy answering 502 in front of the platform: diagnostics say the platform is failing, not that it is fine', async () => {
    const proxy = createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>'));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const kiosk = await startKiosk(address, platform.app, { profile: 'single_camera' });
    try {
      const { checks } = await kiosk.api.getDiagnostics({});
      expect(checks.find((c) => c.name === 'platform')).toMatchObject({
        ok: false,
        detail: { key: 'diag.platform_error', params: { address, status: 502 }, text: expect.stringContaining('server error (HTTP 502)') },
      });
      expect(checks.find((c) => c.name === 'credentials')?.ok).toBe(false);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 60_000);
});
