/**
 * What createKioskServices takes (main/boot.ts builds it) and the kiosk-level configuration the
 * core configuration (main/config) does not cover: the platform account, PINs, sync tuning. Both
 * live in the same JSON file; each schema reads its own keys. Validated once at start, listing
 * every problem (STYLE.md: Configuration).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { regionSchema } from '../../protocol/regions.ts';
import type { Region } from '../../protocol/regions.ts';
import { ConfigError, parseKioskCoreConfig } from '../config/kiosk-core-config.ts';
import type { KioskCoreConfig } from '../config/kiosk-core-config.ts';
import { reportEmailConfigSchema } from '../mail/report-email-config.ts';
import { pinHashSchema } from './pins.ts';

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'an http(s) URL');

export const kioskExtrasSchema = z.object({
  platform: z
    .object({
      region: regionSchema.optional(),
      /** Base address per region; both default to the platform URL the launcher gives. */
      addresses: z.object({ cn: httpUrl.optional(), overseas: httpUrl.optional() }).prefault({}),
      appId: z.string().min(1).max(128).optional(),
      /** With a group-level app: the merchant to act for. */
      merchantId: z.string().regex(/^\d{1,15}$/).optional(),
      storeCustomId: z.string().max(20).optional(),
      /** Employee account sent with customers and reports; 0 when none. */
      accountId: z.number().int().min(0).default(0),
    })
    .prefault({}),
  /** The merchant's mail server for the report link by e-mail (D-067); absent: no e-mail is offered. */
  email: reportEmailConfigSchema.optional(),
  /** scrypt hashes (main/kiosk/pins.ts hashPin); absent: the demo PINs, flagged in diagnostics. */
  pins: z.object({ staff: pinHashSchema, technician: pinHashSchema }).optional(),
  sync: z
    .object({
      backoffBaseMs: z.number().int().min(10).max(600_000).default(2000),
      backoffMaxMs: z.number().int().min(100).max(3_600_000).default(300_000),
      pollFirstDelayMs: z.number().int().min(10).max(60_000).default(2000),
      pollMaxDelayMs: z.number().int().min(10).max(60_000).default(15_000),
      catalogueRefreshMs: z.number().int().min(1000).default(30 * 60_000),
      idleMs: z.number().int().min(50).max(600_000).default(30_000),
    })
    .prefault({}),
});
export type KioskExtras = z.infer<typeof kioskExtrasSchema>;

/** The embedded platform's connection (main/embedded-platform.ts PlatformConnection). */
export interface PlatformConnectionInput {
  readonly baseUrl: string;
  readonly region: Region;
  readonly appId: string;
  readonly appSecret: string;
  readonly merchantId: string | null;
  readonly storeCustomId: string;
}

export interface KioskConfigInput {
  readonly mode: 'electron' | 'browser';
  readonly version: string;
  /** kiosk.sqlite, captures/, secrets and logs live here. */
  readonly dataDir: string;
  /** JSON file with the core configuration (device, guidance, store) and the extras above. */
  readonly configFile?: string;
  /** Instead of a file (tests, the headless session): the same JSON as an object. */
  readonly config?: unknown;
  readonly platform: { readonly embedded: true; readonly connection: PlatformConnectionInput } | { readonly embedded: false; readonly baseUrl: string };
  /** `--idle-seconds N`: every screen's inactivity timeout for this launch, unless the technician saved others (D-046). */
  readonly idleSeconds?: number;
}

export interface KioskConfig {
  readonly core: KioskCoreConfig;
  readonly extras: KioskExtras;
}

export async function loadKioskConfig(input: KioskConfigInput): Promise<KioskConfig> {
  let json: unknown = input.config ?? {};
  let source = 'inline';
  if (input.configFile) {
    source = input.configFile;
    try {
      json = JSON.parse(await readFile(input.configFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(source, [`not readable JSON: ${(error as Error).message}`]);
      json = {};
    }
  }
  const core = parseKioskCoreConfig(json, source);
  const extras = kioskExtrasSchema.safeParse(json);
  if (!extras.success) throw new ConfigError(source, extras.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`));
  // The launcher decides where the data lives; the file's store.dataDir is for the core tools.
  return { core: { ...core, store: { ...core.store, dataDir: input.dataDir } }, extras: extras.data };
}
