/**
 * Technician tools (kiosk API testLight, getDiagnostics, exportLogs; calibration is in
 * light-calibration.ts). Each diagnostic check answers in a sentence a technician can act on; one
 * failing check never stops the others.
 */
import { statfs } from 'node:fs/promises';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { LiveCheck } from '../capture/live-check.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { classifyFailure } from '../sync/failures.ts';
import type { Admin } from './admin.ts';
import type { DeviceHolder } from './device-holder.ts';
import { describe } from './device-holder.ts';
import type { KioskLog } from './log.ts';
import type { PlatformLink } from './platform-link.ts';
import type { SecretStore } from './secrets.ts';
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

  async testLight(light: LightSource): Promise<{ ok: boolean; detail: string }> {
    if (this.deps.busy()) return { ok: false, detail: 'A capture session is using the device; finish or cancel it first.' };
    try {
      const { device } = this.deps.device.get();
      await device.lights.setLight(light);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await device.lights.off();
      return { ok: true, detail: `${light} switched on, settled and off again.` };
    } catch (error) {
      return { ok: false, detail: describe(error).message };
    }
  }

  async diagnostics(): Promise<KioskOutput<'getDiagnostics'>> {
    const { device, link, engine, store, settings } = this.deps;
    const checks: Check[] = [];
    const open = device.current;
    checks.push(open ? { name: 'camera', ok: true, detail: `${open.camera.info.label} (${open.config.camera.kind})` } : { name: 'camera', ok: false, detail: device.problem?.message ?? 'not open' });
    checks.push(open ? { name: 'lights', ok: true, detail: `${open.config.lightController.kind} light controller, lights ${open.device.profile.lights.join(', ')}` } : { name: 'lights', ok: false, detail: device.problem?.message ?? 'not open' });
    checks.push(await this.liveCheckModels());
    checks.push(await this.disk());
    const probe = await link.probe();
    checks.push({ name: 'platform', ok: probe.reachable, detail: `${probe.detail} (region ${link.region})` });
    if (probe.clockSkewMs !== null) {
      const ok = Math.abs(probe.clockSkewMs) < MAX_SKEW_MS;
      checks.push({ name: 'clock', ok, detail: `kiosk clock is ${Math.round(-probe.clockSkewMs / 1000)} s ${probe.clockSkewMs > 0 ? 'behind' : 'ahead of'} the platform${ok ? '' : ': set the time (NTP); signed calls fail beyond 300 s'}` });
    }
    checks.push(await this.credentials(probe.reachable));
    const counts = engine.counts();
    checks.push({ name: 'sync_queue', ok: counts.failed === 0, detail: `${counts.pending} session(s) waiting, ${counts.failed} failed, last synced ${counts.lastSuccessAt ? new Date(counts.lastSuccessAt).toISOString() : 'never'}` });
    const integrity = store.db.pragma('quick_check', { simple: true });
    const flagged = store.db.prepare("SELECT COUNT(*) AS n FROM captures WHERE integrity <> 'ok'").get() as { n: number };
    checks.push({ name: 'store', ok: integrity === 'ok' && flagged.n === 0, detail: `database ${String(integrity)}; ${flagged.n} capture(s) missing or altered on disk` });
    const refreshed = this.deps.catalogue.refreshedAt;
    checks.push({ name: 'catalogue', ok: refreshed !== null, detail: refreshed ? `refreshed ${new Date(refreshed).toISOString()}` : 'never read from the platform: recommendations are empty until it is' });
    checks.push({ name: 'secrets', ok: this.deps.secrets.warning === null, detail: this.deps.secrets.warning ?? 'app secret kept in the OS keychain' });
    checks.push({ name: 'pins', ok: !this.deps.demoPins, detail: this.deps.demoPins ? 'The demo PINs are in use: set staff and technician PIN hashes in the kiosk configuration.' : 'configured' });
    const deletions = this.deps.admin.pendingPlatformDeletions();
    checks.push({ name: 'platform_deletions', ok: deletions === 0, detail: `${deletions} deletion request(s) to carry out on the platform by the operator (no delete call in the device API yet)` });
    checks.push({ name: 'settings', ok: true, detail: `store ${settings.platform().storeCustomId || '(none)'}, retention ${settings.retentionDays()} days` });
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
      return { name: 'models', ok: true, detail: 'face check models loaded and answering' };
    } catch (error) {
      return { name: 'models', ok: false, detail: `face check unavailable: ${(error as Error).message}` };
    }
  }

  private async disk(): Promise<Check> {
    try {
      const s = await statfs(this.deps.store.capturesDir);
      const free = s.bavail * s.bsize;
      const total = s.blocks * s.bsize;
      return { name: 'disk', ok: free >= MIN_FREE_BYTES, detail: `${(free / GiB).toFixed(1)} GiB free of ${(total / GiB).toFixed(1)} GiB${free < MIN_FREE_BYTES ? ': free space soon, captures need room' : ''}` };
    } catch (error) {
      return { name: 'disk', ok: false, detail: (error as Error).message };
    }
  }

  private async credentials(reachable: boolean): Promise<Check> {
    if (!reachable) return { name: 'credentials', ok: false, detail: 'not checked: platform unreachable' };
    try {
      await this.deps.link.client().accessToken();
      return { name: 'credentials', ok: true, detail: 'the platform accepted the app credentials' };
    } catch (error) {
      return { name: 'credentials', ok: false, detail: classifyFailure(error).message };
    }
  }
}
