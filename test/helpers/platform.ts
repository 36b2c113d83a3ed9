import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlatformClient, type PlatformClientOptions } from '../../main/platform-client/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PlatformConfigInput } from '../../platform/config.ts';
import type { DemoApp } from '../../platform/seed/demo-seed.ts';
import { startPlatform, type RunningPlatform } from '../../platform/server.ts';
import { platformDatabaseFor } from './postgres.ts';

export interface TestPlatform {
  platform: RunningPlatform;
  dataDir: string;
  credentials: { base_url: string; region: string; account_password: string; apps: DemoApp[] };
  /** The seeded app of a merchant ('primary', 'second', 'mainland' by merchant name) or the group. */
  app(which: 'group' | 'primary' | 'second' | 'mainland'): DemoApp;
  /**
   * Clients created from now on reach the merchants of the other region through a second
   * instance on the same data directory (D-008): a merchant is served only by its region's.
   */
  addOtherRegion(): Promise<void>;
  client(app: DemoApp, options?: Partial<PlatformClientOptions>): PlatformClient;
  stop(): Promise<void>;
}

const MERCHANT_NAMES = { primary: 'Lumen Skin Studio', second: 'Harbour Derma Bar', mainland: 'Shanghai Skin Lab' } as const;

/** A real platform on an ephemeral loopback port with a temporary data directory. */
export async function startTestPlatform(options: { clock?: Clock; config?: Partial<PlatformConfigInput>; dataDir?: string } = {}): Promise<TestPlatform> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'platform-test-'));
  // The PostgreSQL run (vitest.postgres.config.ts) gives each data directory its own database.
  const databaseUrl = options.config?.databaseUrl ?? (await platformDatabaseFor(dataDir));
  const config = { ...options.config, ...(databaseUrl ? { databaseUrl } : {}) };
  const platform = await startPlatform({ port: 0, dataDir, logLevel: 'silent', ...config }, { clock: options.clock });
  const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as TestPlatform['credentials'];
  const clients: PlatformClient[] = [];
  const region = platform.services.config.region;
  let other: RunningPlatform | null = null;
  const urlOf = (wanted: 'cn' | 'overseas') => (wanted === region ? platform.url : (other?.url ?? platform.url));
  return {
    platform,
    dataDir,
    credentials,
    app(which) {
      const found = credentials.apps.find((app) => (which === 'group' ? app.level === 'group' : app.merchant_name === MERCHANT_NAMES[which]));
      if (!found) throw new Error(`no demo app ${which}`);
      return found;
    },
    async addOtherRegion() {
      other ??= await startPlatform({ port: 0, dataDir, logLevel: 'silent', ...config, region: region === 'cn' ? 'overseas' : 'cn' }, { clock: options.clock });
    },
    client(app, overrides = {}) {
      const client = new PlatformClient({
        addresses: { cn: urlOf('cn'), overseas: urlOf('overseas') },
        region,
        appId: app.app_id,
        appSecret: app.app_secret,
        merchantId: app.merchant_id ?? undefined,
        now: options.clock ? () => options.clock!.now() : undefined,
        ...overrides,
      });
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.close()));
      await other?.close();
      await platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
