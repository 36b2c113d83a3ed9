/**
 * Helpers of the kiosk sync tests: a real platform in a child process (platform/cli.ts, as the
 * embedded platform runs), kiosk services over a temporary data directory, and a session driven
 * through the KioskApi exactly as the renderer drives it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKioskServices } from '../../../main/kiosk/services.ts';
import type { KioskServices, KioskServicesInput } from '../../../main/kiosk/services.ts';
import type { LiveCheck } from '../../../main/capture/live-check.ts';
import { PRIVACY_POLICY_CLAUSE_ID, USER_AGREEMENT_CLAUSE_ID } from '../../../protocol/report-data/consent.ts';
import { startPlatformProcess } from '../../helpers/platform-process.ts';
import type { PlatformProcess } from '../../helpers/platform-process.ts';

export interface DemoApp {
  app_id: string;
  app_secret: string;
  level: 'group' | 'merchant';
  merchant_id: string | null;
  merchant_name: string | null;
  region: string;
  store_custom_ids: string[];
}

export interface PlatformChild {
  process: PlatformProcess;
  url: string;
  port: number;
  dataDir: string;
  /** The primary overseas demo merchant's app (its first store is SG001, a Premium store). */
  app: DemoApp;
  /**
   * The platform dies (SIGKILL, no goodbye). Until restart its port is held by a listener that
   * resets every connection, as a dead port refuses them: another test's server (one that never
   * answers, say) must not take the port over and leave the kiosk waiting on it.
   */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Listens on the port and resets every connection at once. */
function holdPort(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.resetAndDestroy());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export const REQUIRED_CONSENT = [USER_AGREEMENT_CLAUSE_ID, PRIVACY_POLICY_CLAUSE_ID];

export async function startPlatformChild(options: { dataDir?: string; port?: number; args?: string[] } = {}): Promise<PlatformChild> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-sync-platform-'));
  const args = ['--host', '127.0.0.1', ...(options.args ?? [])];
  // Without a port the child binds a free one itself (no window between probing and binding);
  // restarts come back on the port it got, like a platform at a fixed address.
  const first = await startPlatformProcess(dataDir, options.port ?? 0, args);
  const port = Number(new URL(first.url).port);
  let held: Server | null = null;
  const child: PlatformChild = {
    process: first,
    url: first.url,
    port,
    dataDir,
    app: primaryApp(dataDir),
    async kill() {
      await child.process.kill();
      held = await holdPort(port);
    },
    async restart() {
      await new Promise((resolve) => (held ? held.close(resolve) : resolve(undefined)));
      held = null;
      child.process = await startPlatformProcess(dataDir, port, args);
    },
    async stop() {
      held?.close();
      await child.process.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return child;
}

export function primaryApp(dataDir: string): DemoApp {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: DemoApp[] };
  const app = credentials.apps.find((a) => a.merchant_name === 'Lumen Skin Studio');
  if (!app) throw new Error('no primary demo app');
  return app;
}

/** A live check that never sees a face: tests capture with captureNow (staff override). */
export const noFace: LiveCheck = async () => ({ facePresent: false });

/** A small simulated device: stills of 640x480 keep uploads and analysis quick. */
// 800x600 stills: the smallest at which every simulated view holds the 1 px/mm of real detail the
// analysis needs for anything at all (at 640x480 the right view has 0.9 and fails with 45104, D-033).
export function deviceConfig(profile: 'multi_light' | 'single_camera', lights: string[] = ['white', 'cross_polar', 'uv'], still = { width: 800, height: 600 }): Record<string, unknown> {
  return {
    device: {
      serialNumber: 'DV-TEST-1',
      profile: profile === 'multi_light' ? { kind: 'multi_light', lights } : { kind: 'single_camera' },
      camera: { kind: 'simulated', still },
      lightController: profile === 'multi_light' ? { kind: 'simulated' } : { kind: 'none' },
    },
    // No pause between preview checks is needed with the stub check; 200 ms keeps the loop cheap.
    autoCapture: { previewIntervalMs: 200 },
  };
}

export const FAST_SYNC = { backoffBaseMs: 100, backoffMaxMs: 600, pollFirstDelayMs: 150, pollMaxDelayMs: 600, idleMs: 300 };

export interface KioskOptions {
  dataDir?: string;
  profile?: 'multi_light' | 'single_camera';
  lights?: string[];
  app?: DemoApp;
  addresses?: { cn: string; overseas: string };
  region?: 'cn' | 'overseas';
  extra?: Partial<KioskServicesInput>;
  config?: Record<string, unknown>;
}

export async function startKiosk(platformUrl: string, app: DemoApp, options: KioskOptions = {}): Promise<KioskServices & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-sync-'));
  const services = await createKioskServices({
    mode: 'browser',
    version: 'test',
    dataDir,
    platform: {
      embedded: true,
      connection: { baseUrl: platformUrl, region: options.region ?? 'overseas', appId: app.app_id, appSecret: app.app_secret, merchantId: app.merchant_id, storeCustomId: app.store_custom_ids[0]! },
    },
    config: {
      ...deviceConfig(options.profile ?? 'single_camera', options.lights),
      platform: { ...(options.addresses ? { addresses: options.addresses } : {}), ...(options.region ? { region: options.region } : {}) },
      sync: FAST_SYNC,
      ...options.config,
    },
    liveCheck: noFace,
    ...options.extra,
  });
  return Object.assign(services, { dataDir });
}

export interface CapturedSession {
  sessionId: string;
  customerId: string;
}

let phoneSerial = 0;

/** consent -> register -> customer -> every view captured (staff override) -> confirmed. */
export async function captureSession(services: KioskServices, name = 'Mei Lin', options: { birthday?: string; confirm?: boolean } = {}): Promise<CapturedSession> {
  const api = services.api;
  const session = await api.createSession({});
  await api.submitConsent({ sessionId: session.id, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  const customer = await api.registerCustomer({
    // A number of its own per customer: one the CRM or an earlier customer has asks to be confirmed (D-131).
    customer: { name, phoneNumber: `9${String(++phoneSerial).padStart(7, '0')}`, birthday: options.birthday ?? '1990-05-04', gender: 2 },
    agreedClauseIds: REQUIRED_CONSENT,
    rejectedClauseIds: [],
  });
  await api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'clean' });
  for (let i = 0; i < session.views.length; i++) {
    const view = await api.captureNow({ sessionId: session.id });
    if (view.state === 'fault') throw new Error(`capture failed: ${JSON.stringify(view.fault)}`);
  }
  if (options.confirm !== false) {
    const done = await api.confirmCapture({ sessionId: session.id });
    if (done.state !== 'done') throw new Error(`session not done: ${done.state}`);
  }
  return { sessionId: session.id, customerId: customer.id };
}

export async function waitFor<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
