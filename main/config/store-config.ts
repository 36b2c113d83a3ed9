/** Where the kiosk keeps captures and how long (docs/kiosk-core.md, "Store"). */
import { z } from 'zod';

export const HASH_CHECKS = ['all', 'unsynced', 'none'] as const;
export type HashCheck = (typeof HASH_CHECKS)[number];

export const storeConfigSchema = z.object({
  /** Holds kiosk.sqlite and captures/; protect it like customer records (it is). */
  dataDir: z.string().min(1).default('data/kiosk'),
  /** Captures are deleted this many days after they were synced; unsynced ones are never deleted. */
  retentionDays: z.number().int().min(0).max(3650).default(30),
  /**
   * Which capture files the startup recovery re-hashes. Synced captures are already on the
   * platform, so by default only unsynced ones (the ones a corrupt file would poison) are read.
   */
  verifyHashesOnStartup: z.enum(HASH_CHECKS).default('unsynced'),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
