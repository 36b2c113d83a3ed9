/** The kiosk API's getStatus: what the header bar and the start screen show. */
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { deviceProfile } from '../device/profiles.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { SyncEngine } from '../sync/engine.ts';
import type { DeviceHolder } from './device-holder.ts';
import type { PlatformLink } from './platform-link.ts';
import type { KioskSettings } from './settings.ts';

/** Until the merchant's languages are read from the platform: the two the kiosk translates. */
const FALLBACK_LANGUAGES: readonly LanguageCode[] = ['en', 'zh-Hans'];

export class StatusSource {
  constructor(
    private readonly info: { readonly mode: 'electron' | 'browser'; readonly version: string },
    private readonly device: DeviceHolder,
    private readonly settings: KioskSettings,
    private readonly link: PlatformLink,
    private readonly engine: SyncEngine,
    private readonly catalogue: Catalogue,
  ) {}

  /** Everything but the open session, which the session controller knows (KioskService adds it). */
  status(): Omit<KioskOutput<'getStatus'>, 'openSessionId'> {
    const config = this.device.current?.config ?? this.settings.device();
    const profile = deviceProfile(config);
    const langs = this.catalogue.current.langs;
    const list = langs ? [...new Set<LanguageCode>([langs.default_lang, ...langs.lang_list])] : [...FALLBACK_LANGUAGES];
    const counts = this.engine.counts();
    return {
      mode: this.info.mode,
      version: this.info.version,
      device: {
        profile: profile.kind,
        views: [...profile.views],
        lights: [...profile.lights],
        simulated: this.device.current?.device.simulated ?? (config.camera.kind === 'simulated' || config.lightController.kind === 'simulated'),
        camera: config.camera.kind,
      },
      platform: { baseUrl: this.link.baseUrl, region: this.link.region, reachable: this.link.reachable ?? false, clockSkewMs: this.link.clockSkewMs },
      languages: { default: langs?.default_lang ?? 'en', list },
      sync: { pending: counts.pending, failed: counts.failed, lastSuccessAt: counts.lastSuccessAt },
      idleSeconds: { ...this.settings.idleSeconds() },
    };
  }
}
