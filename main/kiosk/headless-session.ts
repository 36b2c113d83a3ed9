/**
 * One whole session without a screen (issue 7, part 7; `npm run session`): image files named
 * `<view>_<light>.jpg` go through the local face checks, the renderer-camera path of the kiosk
 * API (frames, staff capture, stills), the store, the sync engine and the platform, and the
 * report comes back. Only `front_white.jpg` means the single-camera profile (online_skin).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIGHT_SOURCES, VIEWS } from '../../protocol/skin-api/api-codes.ts';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { REQUIRED_CLAUSE_IDS } from '../../protocol/report-data/consent.ts';
import { analyzeFace, FaceModels } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/index.ts';
import type { Report } from '../kiosk-api/types.ts';
import type { PlatformConnectionInput } from './config.ts';
import { createKioskServices } from './services.ts';

export interface HeadlessOptions {
  readonly dataDir: string;
  readonly platform: PlatformConnectionInput;
  readonly lang?: LanguageCode;
  readonly customerName?: string;
  /** Give up waiting for the analysis after this long. Default 300 s. */
  readonly timeoutMs?: number;
  /** Folder of the ONNX models for the live check; absent: the repository's models/. */
  readonly modelDir?: string;
  readonly log?: (line: string) => void;
}

export interface LocalCheck {
  readonly view: View;
  readonly file: string;
  readonly facePresent: boolean;
  readonly pose: { readonly yaw: number; readonly pitch: number; readonly roll: number } | null;
}

export interface HeadlessResult {
  readonly sessionId: string;
  readonly profile: 'multi_light' | 'single_camera';
  readonly lights: readonly LightSource[];
  readonly localChecks: readonly LocalCheck[];
  readonly taskId: string | null;
  /** The task's status on the platform (succeeded, failed, ...), or the sync stage when no task. */
  readonly status: string;
  readonly syncStage: string;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly report: Report;
}

export class HeadlessError extends Error {}

const FILE = /^(front|left|right)_(white|white_glow|cross_polar|parallel_polar|uv)\.jpe?g$/i;

/** The image set of a folder, checked for a profile the platform accepts. */
export async function readImageSet(dir: string): Promise<{ files: Map<string, string>; profile: 'multi_light' | 'single_camera'; lights: LightSource[] }> {
  const names = (await readdir(dir)).filter((n) => FILE.test(n));
  const files = new Map(names.map((n) => [n.toLowerCase().replace(/\.jpe?g$/, ''), join(dir, n)]));
  if (!files.has('front_white')) throw new HeadlessError(`${dir} has no front_white.jpg: every session needs the front view under white light.`);
  if (files.size === 1) return { files, profile: 'single_camera', lights: ['white'] };
  const lights = LIGHT_SOURCES.filter((light) => VIEWS.some((view) => files.has(`${view}_${light}`)));
  const missing = VIEWS.flatMap((view) => lights.filter((light) => !files.has(`${view}_${light}`)).map((light) => `${view}_${light}.jpg`));
  if (missing.length > 0) throw new HeadlessError(`A multi-light session needs every view under every light it uses; missing: ${missing.join(', ')}.`);
  return { files, profile: 'multi_light', lights };
}

/** The images of a folder, read and checked locally (a face on every view) before anything starts. */
export interface PreparedImages {
  readonly profile: 'multi_light' | 'single_camera';
  readonly lights: readonly LightSource[];
  readonly views: readonly View[];
  readonly bytes: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
  readonly localChecks: readonly LocalCheck[];
}

export async function prepareImages(imagesDir: string, options: { readonly modelDir?: string } = {}): Promise<PreparedImages> {
  const set = await readImageSet(imagesDir);
  const models = options.modelDir ? new FaceModels({ modelDir: options.modelDir }) : undefined;
  const views: View[] = set.profile === 'single_camera' ? ['front'] : [...VIEWS];
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const [key, path] of set.files) bytes.set(key, new Uint8Array(await readFile(path)));
  // The local checks: a face on every view's white image, before anything is stored or sent.
  const localChecks: LocalCheck[] = [];
  for (const view of views) {
    const file = `${view}_white.jpg`;
    try {
      const face = await analyzeFace(await decodeImage(bytes.get(`${view}_white`)!), { models });
      localChecks.push({ view, file, facePresent: true, pose: { yaw: face.pose.yaw, pitch: face.pose.pitch, roll: face.pose.roll } });
    } catch (error) {
      throw new HeadlessError(`No usable face in ${file}: ${(error as Error).message}`);
    }
  }
  return { profile: set.profile, lights: set.lights, views, bytes, localChecks };
}

export async function runHeadlessSession(images: PreparedImages, options: HeadlessOptions): Promise<HeadlessResult> {
  const log = options.log ?? (() => undefined);
  const { bytes, views } = images;
  const set = images;

  const services = await createKioskServices({
    mode: 'browser',
    version: 'headless',
    dataDir: options.dataDir,
    platform: { embedded: true, connection: options.platform },
    config: {
      device: {
        serialNumber: 'HEADLESS',
        profile: set.profile === 'multi_light' ? { kind: 'multi_light', lights: set.lights } : { kind: 'single_camera' },
        camera: { kind: 'renderer' },
        lightController: set.profile === 'multi_light' ? { kind: 'simulated' } : { kind: 'none' },
      },
      sync: { backoffBaseMs: 500, backoffMaxMs: 10_000, pollFirstDelayMs: 1000, pollMaxDelayMs: 5000, idleMs: 1000 },
    },
    // No liveCheck: the services' own, in a worker thread as on a kiosk.
    ...(options.modelDir ? { modelDir: options.modelDir } : {}),
    log: (line) => log(line),
  });
  try {
    const api = services.api;
    const session = await api.createSession({});
    await api.submitConsent({ sessionId: session.id, agreedClauseIds: [...REQUIRED_CLAUSE_IDS], rejectedClauseIds: [] });
    const customer = await api.registerCustomer({ customer: { name: options.customerName ?? 'Headless session' }, agreedClauseIds: [...REQUIRED_CLAUSE_IDS], rejectedClauseIds: [] });
    await api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'clean' });
    for (const view of views) {
      // The view's white image as the live preview (the live check sees it), then every light's still.
      const checked = await api.submitFrame({ sessionId: session.id, jpeg: bytes.get(`${view}_white`)! });
      if (checked.current?.view !== view) throw new HeadlessError(`session expected ${checked.current?.view ?? checked.state}, not ${view}`);
      await api.captureNow({ sessionId: session.id });
      for (;;) {
        const state = await api.getSession({ sessionId: session.id });
        if (state.state === 'fault') throw new HeadlessError(`capture of ${view} failed: ${state.fault?.message ?? 'fault'}`);
        if (state.state !== 'capturing' || state.current?.view !== view) break;
        // Like the renderer: shoot only once main waits for this still (the light has settled).
        const { light, stillToken } = state.current;
        if (!light || !stillToken) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        await api.submitStill({ sessionId: session.id, view, light, stillToken, jpeg: bytes.get(`${view}_${light}`)! });
      }
    }
    const confirmed = await api.confirmCapture({ sessionId: session.id });
    log(`session ${session.id} confirmed with ${confirmed.shots.length} images; syncing`);

    const until = Date.now() + (options.timeoutMs ?? 300_000);
    for (;;) {
      const job = services.engine.job(session.id);
      if (job && (job.stage === 'done' || job.stage === 'failed')) break;
      // A kiosk keeps the capture and waits for the technician to fix the setting; a one-shot run
      // has no one to wait for, so a refused setting ends it with the platform's reason.
      if (job?.waiting === 'config') throw new HeadlessError(`stage ${job.stage}: ${job.errorMessage ?? job.errorCode ?? 'the platform refused the settings'}`);
      if (Date.now() > until) throw new HeadlessError(`no result after ${Math.round((options.timeoutMs ?? 300_000) / 1000)} s (stage ${job?.stage ?? 'none'}: ${job?.errorMessage ?? ''})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const job = services.engine.job(session.id)!;
    const report = await api.getReport({ sessionId: session.id, lang: options.lang ?? 'en' });
    return {
      sessionId: session.id,
      profile: set.profile,
      lights: set.lights,
      localChecks: images.localChecks,
      taskId: job.taskId,
      status: job.taskStatus ?? job.stage,
      syncStage: job.stage,
      error: job.stage === 'failed' ? { code: job.errorCode ?? 'error', message: job.errorMessage ?? '' } : null,
      report,
    };
  } finally {
    await services.close();
  }
}
