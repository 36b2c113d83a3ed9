/**
 * The kiosk core's configuration (device, capture guidance, store), validated once at start:
 * a wrong setting stops the kiosk with the full list of what is wrong (STYLE.md, Configuration).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { deviceConfigSchema } from './device-config.ts';
import { autoCaptureConfigSchema, guidanceConfigSchema } from './guidance-config.ts';
import { storeConfigSchema } from './store-config.ts';

export const kioskCoreConfigSchema = z.object({
  device: deviceConfigSchema.prefault({}),
  guidance: guidanceConfigSchema.prefault({}),
  autoCapture: autoCaptureConfigSchema.prefault({}),
  store: storeConfigSchema.prefault({}),
});
export type KioskCoreConfig = z.infer<typeof kioskCoreConfigSchema>;

/** Every problem of a configuration, one `path: message` line each. */
export class ConfigError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`invalid kiosk configuration (${source}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseKioskCoreConfig(input: unknown, source = 'inline'): KioskCoreConfig {
  const parsed = kioskCoreConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    source,
    parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`),
  );
}

/** Reads a JSON configuration file; a missing file is the all-simulated default. */
export async function loadKioskCoreConfig(file: string): Promise<KioskCoreConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseKioskCoreConfig({}, `${file} (absent: defaults)`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  return parseKioskCoreConfig(json, file);
}
