/**
 * Technician tools (kiosk API testLight, measurePitch, getDiagnostics, exportLogs; calibration
 * is in light-calibration.ts, the pitch reading in pitch-measure.ts). Each diagnostic check answers a sentence a technician can act on, as a
 * message key the renderer translates (kiosk-api/messages.ts); one failing check never stops the
 * others.
 */
import { statfs } from 'node:fs/promises';
import type { Region } from '../../protocol/regions.ts';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { LiveCheck } from '../capture/live-check.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { uiMessage } from '../kiosk-api/messages.ts';
import { classifyFailure, failureCode } from '../sync/failures.ts';
import { failureMessage } from '../sync/progress.ts';
import type { Admin } from './admin.ts';
import type { ReportEmails } from './report-email.ts';
import type { DeviceHolder } from './device-holder.ts';
import { describe } from './device-holder.ts';
import type { KioskLog } from './log.ts';
import { calibratable, type Calibration } from './calibration.ts';
import { measurePitch } from './pitch-measure.ts';
import type { PlatformLink, ProbeResult } from './platform-link.ts';
import { FileSecretStore, type SecretStore } from './secrets.ts';
import type { KioskSettings } from './settings.ts';

export interface TechnicianDeps {
  readonly store: KioskStore;
  readonly device: DeviceHolder;
  readonly liveCheck: LiveCheck;
  readonly link: PlatformLink;
  readonly engine: SyncEngine;
  readonly catalogue: Catalogue;
  readonly settings: KioskSettings;
  readonly secrets: SecretStore;
  readonly admin: Admin;
  readonly reportEmails: ReportEmails;
  readonly log: KioskLog;
  readonly demoPins: boolean;
  readonly busy: () => boolean;
}

type Check = KioskOutput<'getDiagnostics'>['checks'][number];
const GiB = 1024 ** 3;
/** Below this the kiosk warns: a full multi-light session at 12 MP is about 100 MB. */
const MIN_FREE_BYTES = 2 * GiB;
/** The platform refuses signed calls whose sig_time is further off (D-021). */
const MAX_SKEW_MS = 300_000;

export class Technician {
  constructor(private readonly deps: TechnicianDeps) {}

  async testLight(light: LightSource): Promise<KioskOutput<'testLight'>> {
    if (this.deps.busy()) return { ok: false, detail: uiMessage('light.busy') };
    try {
      const { device } = this.deps.device.get();
      await device.lights.setLight(light);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await device.lights.off();
      return { ok: true, detail: uiMessage('light.ok', { light }) };
    } catch (error) {
      const problem = describe(error);
      return { ok: false, detail: uiMessage('light.failed', { light, code: problem.code, detail: problem.message }) };
    }
  }

  measurePitch(jpegs?: readonly Uint8Array[]): Promise<KioskOutput<'measurePitch'>> {
    const { device, liveCheck, settings, busy } = this.deps;
    return measurePitch({ device, liveCheck, busy, guidance: () => settings.guidance() }, jpegs);
  }

  async diagnostics(): Promise<KioskOutput<'getDiagnostics'>> {
    const { device, link, engine, store, settings } = this.deps;
    const checks: Check[] = [];
    const open = device.current;
    const notOpen = device.problem ? uiMessage('diag.device_problem', { code: device.problem.code, detail: device.problem.message }) : uiMessage('diag.not_open');
    checks.push(open ? { name: 'camera', ok: true, detail: uiMessage(open.config.camera.kind === 'simulated' ? 'diag.camera_simulated' : 'diag.camera_renderer') } : { name: 'camera', ok: false, detail: notOpen });
    checks.push(
      open
        ? { name: 'lights', ok: true, detail: uiMessage('diag.lights_ok', { controller: open.config.lightController.kind, lights: open.device.profile.lights.join(',') }) }
        : { name: 'lights', ok: false, detail: notOpen },
    );
    checks.push(open ? calibrationCheck(open.device.profile.lights, settings.calibration()) : { name: 'calibration', ok: false, detail: notOpen });
    checks.push(await this.liveCheckModels());
    checks.push(await this.disk());
    const probe = await link.probe();
    checks.push(platformCheck(probe, link.region));
    if (probe.clockSkewMs !== null) checks.push(clockCheck(probe.clockSkewMs));
    checks.push(await this.credentials(probe.reachable));
    const counts = engine.counts();
    const queue = { pending: counts.pending, failed: counts.failed };
    checks.push({
      name: 'sync_queue',
      ok: counts.failed === 0,
      detail: counts.lastSuccessAt ? uiMessage('diag.sync_queue', { ...queue, lastSuccessAt: counts.lastSuccessAt }) : uiMessage('diag.sync_queue_never', queue),
    });
    const integrity = store.checkIntegrity();
    checks.push({
      name: 'store',
      ok: integrity.database === 'ok' && integrity.flaggedCaptures === 0,
      detail: uiMessage('diag.store', { detail: integrity.database, flagged: integrity.flaggedCaptures }),
    });
    const catalogue = this.deps.catalogue;
    const refreshed = catalogue.refreshedAt;
    const pictures = catalogue.pictureCounts();
    checks.push({
      name: 'catalogue',
      ok: refreshed !== null,
      detail: refreshed ? uiMessage('diag.catalogue', { refreshedAt: refreshed, pictures: pictures.stored, items: pictures.wanted }) : uiMessage('diag.catalogue_never'),
    });
    const warning = this.deps.secrets.warning;
    const secrets = warning === null ? uiMessage('diag.secrets_keychain') : this.deps.secrets instanceof FileSecretStore ? uiMessage('diag.secrets_file') : uiMessage('diag.secrets_weak', { detail: warning });
    checks.push({ name: 'secrets', ok: warning === null, detail: secrets });
    checks.push({ name: 'pins', ok: !this.deps.demoPins, detail: uiMessage(this.deps.demoPins ? 'diag.pins_demo' : 'diag.pins_ok') });
    // Deletion on request reaches the platform through the device sync API (docs/kiosk-sync.md,
    // K-015); what is counted here waits for the network or for a retry.
    const deletions = this.deps.admin.pendingPlatformDeletions();
    checks.push({ name: 'platform_deletions', ok: deletions === 0, detail: deletions === 0 ? uiMessage('diag.deletions_none') : uiMessage('diag.deletions_pending', { count: deletions }) });
    checks.push(this.deps.reportEmails.diagnostic());
    checks.push({ name: 'settings', ok: true, detail: uiMessage('diag.settings', { store: settings.platform().storeCustomId || '—', days: settings.retentionDays() }) });
    return { checks };
  }

  exportLogs(): KioskOutput<'exportLogs'> {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
    return { fileName: `kiosk-log-${stamp}.txt`, text: `${this.deps.log.lines().join('\n')}\n` };
  }

  private async liveCheckModels(): Promise<Check> {
    const frame = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(128) };
    try {
      await this.deps.liveCheck(frame);
      return { name: 'models', ok: true, detail: uiMessage('diag.models_ok') };
    } catch (error) {
      return { name: 'models', ok: false, detail: uiMessage('diag.models_failed', { detail: (error as Error).message }) };
    }
  }

  private async disk(): Promise<Check> {
    try {
      const s = await statfs(this.deps.store.capturesDir);
      const free = s.bavail * s.bsize;
      const total = s.blocks * s.bsize;
      const sizes = { free: (free / GiB).toFixed(1), total: (total / GiB).toFixed(1) };
      return { name: 'disk', ok: free >= MIN_FREE_BYTES, detail: uiMessage(free < MIN_FREE_BYTES ? 'diag.disk_low' : 'diag.disk_ok', sizes) };
    } catch (error) {
      return { name: 'disk', ok: false, detail: uiMessage('diag.disk_error', { detail: (error as Error).message }) };
    }
  }

  private async credentials(reachable: boolean): Promise<Check> {
    if (!reachable) return { name: 'credentials', ok: false, detail: uiMessage('diag.credentials_unchecked') };
    try {
      await this.deps.link.client().accessToken();
      return { name: 'credentials', ok: true, detail: uiMessage('diag.credentials_ok') };
    } catch (error) {
      const failure = classifyFailure(error);
      return { name: 'credentials', ok: false, detail: failureMessage(failureCode(failure), failure.message) };
    }
  }
}

/**
 * The probe reads the platform's root, which has no route: any answer below 500 (its 404) shows
 * the platform is there; a 5xx is the platform or a proxy in front of it failing.
 */
function platformCheck(probe: ProbeResult, region: Region): Check {
  if (!probe.address) return { name: 'platform', ok: false, detail: uiMessage('diag.platform_unset') };
  if (!probe.reachable) return { name: 'platform', ok: false, detail: uiMessage('diag.platform_down', { address: probe.address, detail: probe.error ?? '', region }) };
  const answer = { address: probe.address, status: probe.status ?? 0, ms: probe.elapsedMs ?? 0, region };
  return (probe.status ?? 0) >= 500
    ? { name: 'platform', ok: false, detail: uiMessage('diag.platform_error', answer) }
    : { name: 'platform', ok: true, detail: uiMessage('diag.platform_ok', { address: answer.address, ms: answer.ms, region }) };
}

/**
 * A light without a saved grey-card correction stores its photos as the camera delivers them, so
 * its colours (redness, spots, dark circles) depend on this unit's lamp and camera (D-127). UV
 * is never corrected (calibratable) and is not asked for.
 */
function calibrationCheck(lights: readonly LightSource[], saved: Readonly<Record<string, Calibration>>): Check {
  const wanted = lights.filter(calibratable);
  const missing = wanted.filter((light) => !saved[light]);
  return missing.length === 0
    ? { name: 'calibration', ok: true, detail: uiMessage('diag.calibration_ok', { lights: wanted.join(',') }) }
    : { name: 'calibration', ok: false, detail: uiMessage('diag.calibration_missing', { lights: missing.join(','), calibrated: wanted.length - missing.length, total: wanted.length }) };
}

/** Skew = platform clock minus kiosk clock: positive means the kiosk is behind. */
function clockCheck(skewMs: number): Check {
  const ok = Math.abs(skewMs) < MAX_SKEW_MS;
  const seconds = Math.abs(Math.round(skewMs / 1000));
  const behind = skewMs > 0;
  const key = behind ? (ok ? 'diag.clock_behind' : 'diag.clock_behind_bad') : ok ? 'diag.clock_ahead' : 'diag.clock_ahead_bad';
  return { name: 'clock', ok, detail: uiMessage(key, { seconds }) };
}
