/**
 * The technician's settings (kiosk API getSettings / updateSettings): stored in the kiosk store
 * (kiosk_settings, migration 002) over the configuration file and the embedded platform's
 * connection, so a change made on the kiosk survives restarts and wins over the file. Device
 * settings are validated with the same schema as the file (main/config/device-config.ts).
 */
import { z } from 'zod';
import type { Region } from '../../protocol/regions.ts';
import { regionSchema } from '../../protocol/regions.ts';
import { deviceConfigSchema, profileLights } from '../config/device-config.ts';
import type { DeviceConfig } from '../config/device-config.ts';
import type { GuidanceConfig } from '../config/guidance-config.ts';
import { SIMULATED_PITCH_OFFSET } from '../device/simulated-camera.ts';
import type { KioskInput, Settings } from '../kiosk-api/types.ts';
import type { SettingsRepository } from '../store/settings.ts';
import type { KioskConfig, KioskConfigInput } from './config.ts';
import { invalid } from './errors.ts';
import { refusedIdleChange, resolveIdleSeconds, type IdleSeconds } from './idle-settings.ts';
import { APP_SECRET } from './secrets.ts';
import type { SecretStore } from './secrets.ts';

export interface PlatformSettings {
  readonly region: Region;
  readonly addresses: { readonly cn: string; readonly overseas: string };
  readonly appId: string;
  readonly merchantId: string | undefined;
  readonly storeCustomId: string;
  readonly accountId: number;
}

const storedPlatformSchema = z.object({
  region: regionSchema.optional(),
  cnBaseUrl: z.string().optional(),
  overseasBaseUrl: z.string().optional(),
  appId: z.string().optional(),
  storeCustomId: z.string().optional(),
});
const calibrationSchema = z.record(z.string(), z.object({ exposure: z.number(), gains: z.tuple([z.number(), z.number(), z.number()]) }));
const pitchOffsetSchema = z.number().min(-30).max(30);
const httpUrl = /^https?:\/\/\S+$/;

export type SettingsPatch = KioskInput<'updateSettings'>['patch'];

/** Which parts an update touched, so the services rebuild only those. */
export interface SettingsChange {
  readonly device: boolean;
  readonly platform: boolean;
  readonly retention: boolean;
}

export class KioskSettings {
  constructor(
    private readonly stored: SettingsRepository,
    private readonly config: KioskConfig,
    private readonly launch: KioskConfigInput['platform'],
    private readonly secrets: SecretStore,
    private readonly now: () => number = Date.now,
    /** `--idle-seconds N` of this launch, if given. */
    private readonly launchIdleSeconds: number | undefined = undefined,
  ) {}

  platform(): PlatformSettings {
    const stored = storedPlatformSchema.parse(this.read('platform') ?? {});
    const file = this.config.extras.platform;
    const embedded = this.launch.embedded ? this.launch.connection : null;
    const base = embedded?.baseUrl ?? (this.launch.embedded ? '' : this.launch.baseUrl);
    return {
      region: stored.region ?? file.region ?? embedded?.region ?? 'overseas',
      addresses: { cn: stored.cnBaseUrl || file.addresses.cn || base, overseas: stored.overseasBaseUrl || file.addresses.overseas || base },
      appId: stored.appId ?? file.appId ?? embedded?.appId ?? '',
      merchantId: file.merchantId ?? embedded?.merchantId ?? undefined,
      storeCustomId: stored.storeCustomId ?? file.storeCustomId ?? embedded?.storeCustomId ?? '',
      accountId: file.accountId,
    };
  }

  /** The stored secret, else the embedded platform's demo secret. */
  async appSecret(): Promise<string | null> {
    return (await this.secrets.get(APP_SECRET)) ?? (this.launch.embedded ? this.launch.connection.appSecret : null);
  }

  /** 44099 moved the client: keep the merchant's region for the next start (D-008). */
  setRegion(region: Region): void {
    this.write('platform', { ...storedPlatformSchema.parse(this.read('platform') ?? {}), region });
  }

  device(): DeviceConfig {
    const stored = this.read('device');
    const parsed = stored === null ? null : deviceConfigSchema.safeParse(stored);
    return parsed?.success ? parsed.data : this.config.core.device;
  }

  calibration(): Settings['calibration'] {
    return calibrationSchema.safeParse(this.read('calibration') ?? {}).data ?? {};
  }

  setCalibration(light: string, value: { exposure: number; gains: [number, number, number] }): void {
    this.write('calibration', { ...this.calibration(), [light]: value });
  }

  /**
   * Camera mounting (guidance pitchOffset): the technician's value, else the file's, else the
   * camera's default (the simulated device's compensates for its photos; real cameras 0).
   */
  pitchOffset(): number {
    const stored = pitchOffsetSchema.safeParse(this.read('pitchOffset'));
    if (stored.success) return stored.data;
    return this.config.core.guidance.pitchOffset ?? (this.device().camera.kind === 'simulated' ? SIMULATED_PITCH_OFFSET : 0);
  }

  /** The guidance thresholds a new capture session uses. */
  guidance(): GuidanceConfig {
    return { ...this.config.core.guidance, pitchOffset: this.pitchOffset() };
  }

  retentionDays(): number {
    const stored = z.number().int().min(1).safeParse(this.read('retentionDays'));
    return stored.success ? stored.data : Math.max(1, this.config.core.store.retentionDays);
  }

  /** The inactivity timeouts in force (D-046): the technician's, else --idle-seconds, else defaults. */
  idleSeconds(): IdleSeconds {
    return resolveIdleSeconds(this.read('idleSeconds'), this.launchIdleSeconds);
  }

  async view(): Promise<Settings> {
    const device = this.device();
    const platform = this.platform();
    const lights = device.lightController;
    const camera = device.camera;
    return {
      profile: device.profile.kind,
      lights: [...profileLights(device.profile)],
      camera: { source: camera.kind, deviceId: camera.kind === 'renderer' ? camera.deviceId ?? '' : '', width: camera.still.width, height: camera.still.height },
      lightController:
        lights.kind === 'serial'
          ? { kind: 'serial', serial: { port: lights.path, baudRate: lights.baudRate, settleMs: lights.settleMs, commands: { ...lights.commands } } }
          : { kind: 'simulated', serial: null },
      platform: {
        region: platform.region,
        cnBaseUrl: platform.addresses.cn,
        overseasBaseUrl: platform.addresses.overseas,
        appId: platform.appId,
        storeCustomId: platform.storeCustomId,
        hasSecret: (await this.appSecret()) !== null,
      },
      calibration: this.calibration(),
      pitchOffset: this.pitchOffset(),
      retentionDays: this.retentionDays(),
      idleSeconds: { ...this.idleSeconds() },
    };
  }

  /** Validates the whole patch first; stores nothing when any part is wrong. */
  async update(patch: SettingsPatch): Promise<SettingsChange> {
    const device = patch.profile || patch.lights || patch.camera || patch.lightController ? this.patchedDevice(patch) : null;
    if (patch.platform) {
      for (const [field, url] of [['cnBaseUrl', patch.platform.cnBaseUrl], ['overseasBaseUrl', patch.platform.overseasBaseUrl]] as const) {
        if (url !== '' && !httpUrl.test(url)) throw invalid(`${field} must be an http(s) URL`, `patch.platform.${field}`);
      }
      if (patch.platform.storeCustomId.length > 20) throw invalid('storeCustomId is at most 20 characters', 'patch.platform.storeCustomId');
    }
    if (patch.idleSeconds) {
      const refused = refusedIdleChange(this.idleSeconds(), patch.idleSeconds);
      if (refused) throw invalid(`idleSeconds.${refused}: whole seconds from 15 to 3600`, `patch.idleSeconds.${refused}`);
    }
    if (patch.appSecret !== undefined) await this.secrets.set(APP_SECRET, patch.appSecret);
    this.stored.write(
      {
        device: device ?? undefined,
        platform: patch.platform
          ? { region: patch.platform.region, cnBaseUrl: patch.platform.cnBaseUrl, overseasBaseUrl: patch.platform.overseasBaseUrl, appId: patch.platform.appId, storeCustomId: patch.platform.storeCustomId }
          : undefined,
        calibration: patch.calibration,
        pitchOffset: patch.pitchOffset,
        retentionDays: patch.retentionDays,
        idleSeconds: patch.idleSeconds,
      },
      this.now(),
    );
    return { device: device !== null, platform: patch.platform !== undefined || patch.appSecret !== undefined, retention: patch.retentionDays !== undefined };
  }

  private patchedDevice(patch: SettingsPatch): DeviceConfig {
    const current = this.device();
    const kind = patch.profile ?? current.profile.kind;
    const lights = patch.lights ?? profileLights(current.profile);
    const camera = patch.camera
      ? patch.camera.source === 'renderer'
        ? { kind: 'renderer', ...(patch.camera.deviceId ? { deviceId: patch.camera.deviceId } : {}), still: { width: patch.camera.width, height: patch.camera.height } }
        : { ...(current.camera.kind === 'simulated' ? current.camera : {}), kind: 'simulated', still: { width: patch.camera.width, height: patch.camera.height } }
      : current.camera;
    const lc = patch.lightController;
    const lightController = !lc
      ? current.lightController
      : lc.kind === 'serial'
        ? {
            // The screen edits port, speed, settle time and commands; the rest of a serial set-up
            // (off command, line ending, write timeout) comes from the config file and stays.
            ...(current.lightController.kind === 'serial' ? current.lightController : {}),
            kind: 'serial',
            path: lc.serial?.port ?? '',
            baudRate: lc.serial?.baudRate,
            settleMs: lc.serial?.settleMs,
            commands: lc.serial?.commands ?? {},
          }
        : { kind: 'simulated' };
    const parsed = deviceConfigSchema.safeParse({
      serialNumber: current.serialNumber,
      profile: kind === 'multi_light' ? { kind, lights } : { kind },
      camera,
      lightController,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), issue ? `patch.${issue.path.join('.')}` : undefined);
    }
    return parsed.data;
  }

  private read(key: string): unknown {
    return this.stored.read(key);
  }

  private write(key: string, value: unknown): void {
    this.stored.write({ [key]: value }, this.now());
  }
}
