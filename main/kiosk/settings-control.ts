/**
 * Applies a settings change where it takes effect: the device is reopened (not during a
 * capture), the platform client rebuilt and the sync engine woken, retention applied.
 */
import type { Settings } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import type { DeviceHolder } from './device-holder.ts';
import { conflict } from './errors.ts';
import type { KioskLog } from './log.ts';
import type { PlatformLink } from './platform-link.ts';
import type { KioskSettings, SettingsPatch } from './settings.ts';

export class SettingsControl {
  constructor(
    private readonly settings: KioskSettings,
    private readonly store: KioskStore,
    private readonly device: DeviceHolder,
    private readonly link: PlatformLink,
    private readonly engine: SyncEngine,
    private readonly busy: () => boolean,
    private readonly log: KioskLog,
  ) {}

  view(): Promise<Settings> {
    return this.settings.view();
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const touchesDevice = patch.profile !== undefined || patch.lights !== undefined || patch.camera !== undefined || patch.lightController !== undefined;
    if (touchesDevice && this.busy()) throw conflict('A capture session is using the device; finish or cancel it before changing device settings.');
    const change = await this.settings.update(patch);
    // Names of what changed only: never the values (the app secret is among them).
    this.log.write('info', `settings changed: ${Object.keys(patch).join(', ')}`);
    if (change.device) {
      await this.device.start(this.settings.device());
      const problem = this.device.problem;
      if (problem) this.log.write('warn', `device not usable after the change: ${problem.message}`);
    }
    if (change.platform) {
      await this.link.rebuild();
      // Work held back by the old settings (wrong secret, store) is tried at once.
      this.engine.retryWaiting();
    }
    if (change.retention) await this.store.applyRetention(this.settings.retentionDays());
    return this.settings.view();
  }
}
