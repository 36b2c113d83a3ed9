/**
 * The composition root of the kiosk's main process (docs/kiosk-sync.md): store, settings,
 * platform connection, sync engine, catalogue, device, live check, capture sessions and the
 * KioskApi over them. main/boot.ts calls createKioskServices for both runtime modes; tests and
 * the headless session call it directly. Nothing here needs Electron.
 */
import { join } from 'node:path';
import { createWorkerLiveCheck } from '../capture/worker-live-check.ts';
import type { WorkerLiveCheck } from '../capture/worker-live-check.ts';
import type { LiveCheck } from '../capture/live-check.ts';
import type { FindFace } from './grey-card-check.ts';
import type { CaptureRecorder } from '../capture/session-driver.ts';
import type { SerialLightControllerOptions } from '../device/serial-light-controller.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { CataloguePictures } from '../catalogue/pictures.ts';
import { ReportMailer } from '../mail/report-mailer.ts';
import { KioskStore } from '../store/kiosk-store.ts';
import { SyncEngine } from '../sync/engine.ts';
import { classifyFailure, reachedPlatform } from '../sync/failures.ts';
import type { UploadFn } from '../sync/session-steps.ts';
import { Admin } from './admin.ts';
import { loadKioskConfig } from './config.ts';
import type { KioskConfigInput } from './config.ts';
import { Customers } from './customers.ts';
import { DeviceHolder } from './device-holder.ts';
import { calibratedStills } from './calibration.ts';
import { KioskService } from './kiosk-service.ts';
import { LightCalibration } from './light-calibration.ts';
import { KioskLog } from './log.ts';
import { DEMO_PINS, hashPin } from './pins.ts';
import { PlatformLink } from './platform-link.ts';
import { ReportEmails } from './report-email.ts';
import { Reports } from './reports.ts';
import { FileSecretStore } from './secrets.ts';
import type { SecretStore } from './secrets.ts';
import { SessionController } from './session-controller.ts';
import { KioskSettings } from './settings.ts';
import { SettingsControl } from './settings-control.ts';
import { Standing } from './standing.ts';
import { settleInterruptedSessions } from './startup.ts';
import { StatusSource } from './status.ts';
import { Technician } from './technician.ts';

export interface KioskServicesInput extends KioskConfigInput {
  /** Electron's safeStorage store; default a 0600 file in the data directory (with a warning). */
  readonly secretStore?: SecretStore;
  /** Default: vision/face in a worker thread (main/capture/face-live-check.ts). */
  readonly liveCheck?: LiveCheck;
  /** The default live check's ONNX models folder; absent: the repository's models/ (packaged: resources/models). */
  readonly modelDir?: string;
  /** Lines of the kiosk log are also given here (the launcher prints them). */
  readonly log?: (line: string) => void;
  /** Seams for tests and tools: the capture writer, the serial port, the upload transfer, the clock. */
  readonly recorder?: (store: KioskStore) => CaptureRecorder;
  readonly serial?: SerialLightControllerOptions;
  /** How long the renderer's camera may stay silent before the session faults (default 5 s / 15 s). */
  readonly pushCamera?: { readonly frameTimeoutMs?: number; readonly stillTimeoutMs?: number };
  readonly upload?: UploadFn;
  readonly now?: () => number;
  /** Start the sync loop (default true); tests may step it with engine.runOnce(). */
  readonly startSync?: boolean;
}

export interface KioskServices {
  readonly api: KioskService;
  readonly store: KioskStore;
  readonly engine: SyncEngine;
  /** Null without a mail server in the configuration. */
  readonly mailer: ReportMailer | null;
  readonly catalogue: Catalogue;
  readonly device: DeviceHolder;
  readonly link: PlatformLink;
  readonly settings: KioskSettings;
  readonly log: KioskLog;
  close(): Promise<void>;
}

// Source runs load the .ts module (the worker registers tsx), a compiled build the .js.
const FACE_CHECK_MODULE = new URL(`../capture/face-live-check.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);

export async function createKioskServices(input: KioskServicesInput): Promise<KioskServices> {
  const config = await loadKioskConfig(input);
  const now = input.now ?? Date.now;
  const log = await KioskLog.open({ file: join(input.dataDir, 'logs', 'kiosk.log'), echo: input.log ?? null });
  const store = await KioskStore.open({ dataDir: input.dataDir, verifyHashesOnStartup: config.core.store.verifyHashesOnStartup, now });
  const r = store.recovery;
  if (r.tempFilesRemoved.length + r.orphanFilesRemoved.length + r.missing.length + r.corrupt.length > 0) {
    log.write('warn', `store recovery: ${r.tempFilesRemoved.length} temp and ${r.orphanFilesRemoved.length} orphan files removed; ${r.missing.length} missing, ${r.corrupt.length} altered captures flagged`);
  }
  const secrets = input.secretStore ?? new FileSecretStore(join(input.dataDir, 'secrets.json'));
  if (secrets.warning) log.write('warn', secrets.warning);
  const settings = new KioskSettings(store.settings, config, input.platform, secrets, now, input.idleSeconds);
  const link = new PlatformLink(settings, (region) => {
    settings.setRegion(region);
    log.write('info', `platform answered 44099: this merchant is served in region ${region}; kept for the next start`);
  });
  await link.rebuild();

  const catalogue = new Catalogue({
    cache: store.catalogue,
    client: () => link.client(),
    storeCustomId: () => settings.platform().storeCustomId,
    now,
    refreshMs: config.extras.sync.catalogueRefreshMs,
    pictures: new CataloguePictures({ dir: join(input.dataDir, 'catalogue-pictures'), baseUrl: () => link.baseUrl, now }),
    onPictureFailures: (failed) =>
      log.write('warn', `${failed.length} catalogue picture(s) not stored: ${failed.slice(0, 3).map((f) => `${f.url} (${f.reason})`).join('; ')}`),
  });
  const device = new DeviceHolder({ ...(input.serial ? { serial: input.serial } : {}), ...(input.pushCamera ? { pushCamera: input.pushCamera } : {}) });
  await device.start(settings.device());
  if (device.problem) log.write('error', `device: ${device.problem.message}`);
  const deviceSn = (): string => settings.device().serialNumber || (device.current?.device.simulated ? 'SIMULATED' : 'NO-SERIAL');
  const sync = config.extras.sync;
  const engine = new SyncEngine({
    store,
    client: () => link.client(),
    target: () => ({ storeCustomId: settings.platform().storeCustomId, accountId: settings.platform().accountId, deviceSn: deviceSn() }),
    now,
    backoff: { baseMs: sync.backoffBaseMs, maxMs: sync.backoffMaxMs },
    poll: { firstDelayMs: sync.pollFirstDelayMs, maxDelayMs: sync.pollMaxDelayMs },
    ...(input.upload ? { upload: input.upload } : {}),
    log: (level, message) => log.write(level, message),
    onContact: (reachable) => link.noteContact(reachable),
    whenIdle: async () => {
      const { refreshed, error } = await catalogue.refreshIfDue();
      // The refresh is the only regular platform contact of an idle kiosk: it keeps getStatus
      // honest; when none is due, a probe does if the status is unknown or stale (D-114).
      if (refreshed) link.noteContact(true);
      else if (error) {
        link.noteContact(reachedPlatform(classifyFailure(error)));
        log.write('warn', `catalogue refresh failed: ${error instanceof Error ? error.message : String(error)}`);
      } else await link.probeIfUnsure();
    },
    idleMs: sync.idleMs,
  });

  const settled = settleInterruptedSessions(store, settings.device());
  if (settled.confirmed.length + settled.cancelled.length > 0) {
    log.write('info', `after restart: ${settled.confirmed.length} complete session(s) confirmed and queued, ${settled.cancelled.length} incomplete one(s) cancelled`);
  }
  await store.applyRetention(settings.retentionDays());

  let worker: WorkerLiveCheck | null = null;
  const liveCheck = input.liveCheck ?? (worker = createWorkerLiveCheck({ module: FACE_CHECK_MODULE, options: input.modelDir ? { modelDir: input.modelDir } : {} })).check;
  const sessions = new SessionController({
    store,
    device,
    liveCheck,
    recorder: input.recorder?.(store) ?? store,
    guidance: () => settings.guidance(),
    autoCapture: config.core.autoCapture,
    correctStill: calibratedStills(() => settings.calibration()),
    onConfirmed: (id) => engine.enqueueSession(id),
    onConsentRecorded: (customerId) => engine.enqueueUser(customerId),
    deviceConfig: () => settings.device(),
    log: (message) => log.write('error', message),
  });
  // The report link by e-mail (D-067): only with a mail server in the configuration.
  const mailer = config.extras.email
    ? new ReportMailer({ store, config: config.extras.email, now, backoff: { baseMs: sync.backoffBaseMs, maxMs: sync.backoffMaxMs }, log: (level, message) => log.write(level, message), idleMs: sync.idleMs })
    : null;
  const reportEmails = new ReportEmails(store, mailer, now);
  const admin = new Admin(store, engine, reportEmails, now);
  const pinHashes = config.extras.pins ?? { staff: hashPin(DEMO_PINS.staff), technician: hashPin(DEMO_PINS.technician) };
  if (!config.extras.pins) log.write('warn', `no PIN hashes configured: the demo PINs are in use (staff ${DEMO_PINS.staff}, technician ${DEMO_PINS.technician}); set pins in the kiosk configuration before the unit goes into a store`);
  const busy = () => sessions.busy();
  const calibration = new LightCalibration({
    device,
    save: (light, value) => settings.setCalibration(light, value),
    busy,
    log: (message) => log.write('info', message),
    findFace: faceFinder(liveCheck, (message) => log.write('warn', message)),
  });
  const api = new KioskService({
    store,
    engine,
    sessions,
    customers: new Customers(store, engine, link, () => settings.platform().storeCustomId),
    reports: new Reports(store, engine, catalogue, reportEmails),
    standing: new Standing(store, engine, link, log),
    reportEmails,
    admin,
    settings: new SettingsControl(settings, store, device, link, engine, busy, log),
    technician: new Technician({ store, device, liveCheck, link, engine, catalogue, settings, secrets, admin, reportEmails, log, demoPins: !config.extras.pins, busy }),
    calibration,
    status: new StatusSource({ mode: input.mode, version: input.version }, device, settings, link, engine, catalogue),
    pinHashes,
  });
  if (input.startSync !== false) {
    engine.start();
    mailer?.start();
  }
  log.write('info', `kiosk services started (${input.mode}, ${device.current?.device.profile.kind ?? 'no device'}, platform ${link.baseUrl || 'not configured'})`);

  let closing: Promise<void> | null = null;
  return {
    api,
    store,
    engine,
    mailer,
    catalogue,
    device,
    link,
    settings,
    log,
    close: () =>
      (closing ??= (async () => {
        await engine.stop();
        await catalogue.stop();
        await mailer?.stop();
        await sessions.close();
        await calibration.release();
        await device.close();
        await worker?.close();
        await link.close();
        await log.close();
        store.close();
      })()),
  };
}

/**
 * The face check as the grey-card check needs it (D-060): the face box, or null. A face check that
 * cannot run (models missing) is logged and answers null: the pixel checks still refuse a face
 * (it is neither even nor grey), and a technician must be able to calibrate on a unit whose
 * models are broken.
 */
function faceFinder(liveCheck: LiveCheck, warn: (message: string) => void): FindFace {
  return async (image) => {
    try {
      const check = await liveCheck(image);
      return check.facePresent ? check.faceBox : null;
    } catch (error) {
      warn(`calibration: the face check did not run: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
}
