import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaceCheckResult, LiveCheck } from '../../../main/capture/live-check.ts';
import { CaptureSession } from '../../../main/capture/session-driver.ts';
import type { CaptureSessionDeps } from '../../../main/capture/session-driver.ts';
import type { SessionState } from '../../../main/capture/session-types.ts';
import { parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { createDevice } from '../../../main/device/create-device.ts';
import { LightControllerError } from '../../../main/device/lights.ts';
import type { LightController } from '../../../main/device/lights.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { FakeClock } from './helpers/fake-clock.ts';
import { withPose } from './helpers/faces.ts';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const YAW = { front: 0, left: 30, right: -30 } as const;

async function setup(raw: Record<string, unknown> = {}, wrapLights?: (l: LightController) => LightController, autoCapture: Record<string, unknown> = {}) {
  const config = parseKioskCoreConfig({ device: { camera: { kind: 'simulated', still: { width: 320, height: 240 } }, ...raw }, autoCapture });
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-session-'));
  const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'unsynced' });
  const device = await createDevice(config.device);
  const camera = await device.camera.open();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => store.close(), () => camera.close());
  const clock = new FakeClock(1000);
  const lightLog: (LightSource | 'off')[] = [];
  const logged: LightController = {
    setLight: async (light) => (lightLog.push(light), device.lights.setLight(light)),
    off: async () => (lightLog.push('off'), device.lights.off()),
    close: () => device.lights.close(),
  };
  // The fake check reads the session it belongs to, which exists only once created below.
  const ref: { session?: CaptureSession } = {};
  let frames = 0;
  /** A complying customer: the pose the current view asks for (or `override` when set). */
  let override: FaceCheckResult | null = null;
  const liveCheck: LiveCheck = async () => {
    frames += 1;
    const state = ref.session!.state;
    const view = 'queue' in state ? state.queue[0].view : 'front';
    return override ?? withPose({ yaw: YAW[view] });
  };
  const deps: CaptureSessionDeps = {
    profile: device.profile,
    camera,
    lights: wrapLights ? wrapLights(logged) : logged,
    liveCheck,
    recorder: store,
    guidance: config.guidance,
    autoCapture: config.autoCapture,
    clock,
  };
  const session = CaptureSession.start(deps);
  ref.session = session;
  cleanups.push(async () => {
    session.cancel();
    await session.idle();
  });
  const customer = store.createCustomer({ name: 'Grace' });
  return {
    session,
    store,
    clock,
    lightLog,
    customer,
    frames: () => frames,
    setOverride: (check: FaceCheckResult | null) => (override = check),
    begin: () => {
      session.giveConsent(['privacy-v1']);
      session.selectCustomer(customer.id, 'fresh_makeup');
    },
  };
}

function until(session: CaptureSession, predicate: (s: SessionState) => boolean, timeoutMs = 10_000): Promise<SessionState> {
  if (predicate(session.state)) return Promise.resolve(session.state);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (stop(), reject(new Error(`timed out in state ${session.state.kind}`))), timeoutMs);
    const stop = session.subscribe((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      stop();
      resolve(s);
    });
  });
}

describe('capture session driver', () => {
  it('runs consent, customer, three views under every light, review and done, storing each image', async () => {
    const t = await setup();
    expect(t.store.getSession(t.session.id)).toMatchObject({ state: 'consent', profile: 'multi_light' });
    t.begin();
    expect(t.store.getSession(t.session.id)).toMatchObject({ state: 'capturing', customerId: t.customer.id, skinCondition: 'fresh_makeup' });
    expect(t.store.getCustomer(t.customer.id)?.agreeClauseIds).toEqual(['privacy-v1']);
    await until(t.session, (s) => s.kind === 'review');
    await t.session.idle();
    const captures = t.store.listCaptures(t.session.id);
    expect(captures).toHaveLength(15);
    expect(new Set(captures.map((c) => c.sha256)).size).toBe(15);
    expect(captures.every((c) => existsSync(c.path) && c.width === 320 && c.height === 240)).toBe(true);
    const lights = ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'];
    // Per view: the preview light for guidance, then every capture light; all off at review.
    expect(t.lightLog).toEqual(['white', ...lights, 'white', ...lights, 'white', ...lights, 'off']);
    expect(t.store.getSession(t.session.id)?.state).toBe('review');
    expect(t.session.confirm()).toBe(true);
    expect(t.store.getSession(t.session.id)?.state).toBe('done');
  });

  it('starts the countdown after holdMs of good frames and shoots countdownMs later (fake clock)', async () => {
    const t = await setup();
    const events: { kind: string; at: number }[] = [];
    t.session.subscribe((s) => events.push({ kind: s.kind, at: t.clock.now() }));
    t.begin();
    await until(t.session, (s) => s.kind === 'capturing');
    const live = events.find((e) => e.kind === 'live')!;
    const countdown = events.find((e) => e.kind === 'countdown')!;
    const capturing = events.find((e) => e.kind === 'capturing')!;
    // Frames every 66 ms: the first good frame checked at the start; 600 ms needs 10 intervals (660 ms).
    expect(countdown.at - live.at).toBe(660);
    expect(capturing.at - countdown.at).toBeGreaterThanOrEqual(1500);
    expect(capturing.at - countdown.at).toBeLessThan(1500 + 66);
  });

  it('keeps guiding while the customer is off-pose, and a manual capture overrides', async () => {
    const t = await setup();
    t.setOverride(withPose({ yaw: 25 }));
    t.begin();
    await until(t.session, () => t.frames() > 30);
    expect(t.session.state).toMatchObject({ kind: 'live', guidance: { ok: false, issues: ['turn_right'] } });
    t.session.manualCapture();
    await until(t.session, (s) => s.kind === 'live' && s.queue[0].view === 'left');
    expect(t.store.listCaptures(t.session.id).map((c) => `${c.view}/${c.light}`)).toHaveLength(5);
  });

  it('retakes one light of a view: only that image is replaced, then back to review', async () => {
    const t = await setup({ profile: { kind: 'multi_light', lights: ['white', 'cross_polar', 'uv'] } });
    t.begin();
    await until(t.session, (s) => s.kind === 'review');
    const before = t.store.listCaptures(t.session.id);
    const old = before.find((c) => c.view === 'left' && c.light === 'uv')!;
    t.lightLog.length = 0;
    expect(t.session.retake('left', 'uv')).toBe(true);
    expect(t.store.getSession(t.session.id)?.state).toBe('capturing');
    await until(t.session, (s) => s.kind === 'review');
    await t.session.idle();
    const after = t.store.listCaptures(t.session.id);
    expect(after).toHaveLength(9);
    expect(t.lightLog).toEqual(['white', 'uv', 'off']);
    const replaced = after.find((c) => c.view === 'left' && c.light === 'uv')!;
    expect(replaced.id).not.toBe(old.id);
    expect(existsSync(old.path)).toBe(false);
    expect(after.filter((c) => c.id !== replaced.id).map((c) => c.id).sort()).toEqual(before.filter((c) => c.id !== old.id).map((c) => c.id).sort());
  });

  it('a vanished light controller stops in fault with the technician message; retry redoes the view', async () => {
    let failNext = false;
    const t = await setup({}, (inner) => ({
      ...inner,
      setLight: async (light) => {
        if (failNext && light === 'cross_polar') {
          failNext = false;
          throw new LightControllerError('port_vanished', 'The light controller on /dev/ttyUSB0 disconnected.');
        }
        return inner.setLight(light);
      },
    }));
    failNext = true;
    t.begin();
    const fault = await until(t.session, (s) => s.kind === 'fault');
    await t.session.idle();
    expect(fault).toMatchObject({ error: { code: 'port_vanished', message: 'The light controller on /dev/ttyUSB0 disconnected.' } });
    expect(t.lightLog.at(-1)).toBe('off');
    expect(t.session.retry()).toBe(true);
    await until(t.session, (s) => s.kind === 'review');
    expect(t.store.listCaptures(t.session.id)).toHaveLength(15);
  });

  it('cancel stops the preview loop and is stored', async () => {
    const t = await setup();
    t.setOverride({ facePresent: false });
    t.begin();
    await until(t.session, () => t.frames() > 3);
    expect(t.session.cancel()).toBe(true);
    await t.session.idle();
    const frames = t.frames();
    await new Promise((r) => setTimeout(r, 20));
    expect(t.frames()).toBe(frames);
    expect(t.store.getSession(t.session.id)?.state).toBe('cancelled');
    expect(t.session.confirm()).toBe(false);
    // The preview light went on for guidance and off with the cancel.
    expect(t.lightLog).toEqual(['white', 'off']);
  });

  it('keeps every light off during guidance when no preview light is configured', async () => {
    const t = await setup({ profile: { kind: 'multi_light', lights: ['white', 'uv', 'cross_polar'] } }, undefined, { previewLight: null });
    t.begin();
    await until(t.session, (s) => s.kind === 'review');
    await t.session.idle();
    // White first, then the configured order.
    expect(t.lightLog).toEqual(['white', 'uv', 'cross_polar', 'white', 'uv', 'cross_polar', 'white', 'uv', 'cross_polar', 'off']);
  });

  it('a single-camera unit takes one front image under room light', async () => {
    const t = await setup({ profile: { kind: 'single_camera' }, lightController: { kind: 'none' } });
    expect(t.store.getSession(t.session.id)?.profile).toBe('single_camera');
    t.begin();
    await until(t.session, (s) => s.kind === 'review');
    expect(t.store.listCaptures(t.session.id).map((c) => `${c.view}/${c.light}`)).toEqual(['front/white']);
  });
});
