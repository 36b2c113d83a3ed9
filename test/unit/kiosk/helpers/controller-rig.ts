/**
 * A SessionController over real parts: a KioskStore in a temporary directory, the device the
 * configuration describes (the renderer's PushCamera or the simulated camera, simulated lights),
 * and the live check the test gives. What the renderer would do is done through the controller's
 * own methods (submitFrame, submitStill, captureNow).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveCheck } from '../../../../main/capture/live-check.ts';
import type { CaptureSessionDeps } from '../../../../main/capture/session-driver.ts';
import { autoCaptureConfigSchema, guidanceConfigSchema } from '../../../../main/config/guidance-config.ts';
import { parseKioskCoreConfig } from '../../../../main/config/kiosk-core-config.ts';
import type { SimulatedLightController } from '../../../../main/device/simulated-lights.ts';
import { DeviceHolder } from '../../../../main/kiosk/device-holder.ts';
import { SessionController } from '../../../../main/kiosk/session-controller.ts';
import type { SessionView } from '../../../../main/kiosk-api/types.ts';
import { KioskStore } from '../../../../main/store/kiosk-store.ts';
import { REQUIRED_CLAUSE_IDS } from '../../../../protocol/report-data/consent.ts';

export interface RigOptions {
  readonly camera: 'renderer' | 'simulated';
  readonly lights?: readonly string[];
  readonly settleMs?: number;
  readonly stillTimeoutMs?: number;
  readonly liveCheck?: LiveCheck;
  readonly guidance?: Record<string, unknown>;
  readonly autoCapture?: Record<string, unknown>;
  readonly correctStill?: CaptureSessionDeps['correctStill'];
  readonly onConsentRecorded?: (customerId: string) => void;
  /** A store another rig already opened (a second device on the same data). */
  readonly store?: KioskStore;
}

export type Rig = Awaited<ReturnType<typeof controllerRig>>;

/** A live check that sees no face: the tests capture with captureNow. */
export const noFace: LiveCheck = async () => ({ facePresent: false });

export async function controllerRig(options: RigOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-controller-'));
  const store = options.store ?? (await KioskStore.open({ dataDir, verifyHashesOnStartup: 'none' }));
  const config = parseKioskCoreConfig({
    device: {
      profile: { kind: 'multi_light', lights: options.lights ?? ['white'] },
      camera: options.camera === 'renderer' ? { kind: 'renderer', still: { width: 400, height: 300 } } : { kind: 'simulated', still: { width: 320, height: 240 } },
      lightController: { kind: 'simulated', settleMs: options.settleMs ?? 0 },
    },
  }).device;
  const device = new DeviceHolder({ pushCamera: { frameTimeoutMs: 3000, stillTimeoutMs: options.stillTimeoutMs ?? 5000 } });
  await device.start(config);
  const logged: string[] = [];
  const controller = new SessionController({
    store,
    device,
    liveCheck: options.liveCheck ?? noFace,
    recorder: store,
    guidance: () => guidanceConfigSchema.parse(options.guidance ?? {}),
    autoCapture: autoCaptureConfigSchema.parse({ previewIntervalMs: 10, ...options.autoCapture }),
    ...(options.correctStill ? { correctStill: options.correctStill } : {}),
    onConfirmed: () => undefined,
    ...(options.onConsentRecorded ? { onConsentRecorded: options.onConsentRecorded } : {}),
    deviceConfig: () => config,
    log: (message) => logged.push(message),
  });
  const lights = device.get().device.lights as SimulatedLightController;

  /** consent (required clauses, or the lists given) -> the customer -> live on the first view. */
  function start(customerId: string, consent: { agreed?: readonly string[]; rejected?: readonly string[] } = {}): SessionView {
    const { id } = controller.createSession();
    controller.submitConsent(id, consent.agreed ?? REQUIRED_CLAUSE_IDS, consent.rejected ?? []);
    return controller.chooseCustomer(id, customerId, 'clean');
  }

  return {
    store,
    device,
    controller,
    lights,
    logged,
    start,
    async close() {
      await controller.close();
      await device.close();
      if (!options.store) {
        store.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Polls the session view until `ok` holds (or fails the test after `ms`). */
export async function viewUntil(rig: Rig, sessionId: string, ok: (view: SessionView) => boolean, ms = 10_000): Promise<SessionView> {
  const until = Date.now() + ms;
  for (;;) {
    const view = rig.controller.view(sessionId);
    if (ok(view)) return view;
    if (Date.now() > until) throw new Error(`session view never matched; last ${JSON.stringify({ state: view.state, current: view.current, fault: view.fault })}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function sha256(bytes: Uint8Array | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The stored capture's file hash, as written to disk. */
export function storedHash(store: KioskStore, sessionId: string, view: string, light: string): string | null {
  const capture = store.listCaptures(sessionId).find((c) => c.view === view && c.light === light);
  return capture ? sha256(readFileSync(capture.path)) : null;
}
