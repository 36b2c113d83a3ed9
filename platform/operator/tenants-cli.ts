import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import {
  addAppArgsSchema,
  addGroupArgsSchema,
  addMerchantArgsSchema,
  addOrderArgsSchema,
  endOrderArgsSchema,
  removeGroupArgsSchema,
  removeMerchantArgsSchema,
  revokeAppArgsSchema,
} from '../../protocol/operator/tenant-commands.ts';
import { systemClock, type Clock } from '../clock.ts';
import { databaseLabel, openPlatformDatabase, SQLITE_FILE } from '../storage/database.ts';
import { TenantAdmin } from './tenant-admin.ts';

export const TENANTS_COMMAND = 'tenants';

export const TENANTS_USAGE = `
npm run platform -- tenants list         [--data ./data] [--database URL]
npm run platform -- tenants add-group    --name NAME
npm run platform -- tenants add-merchant --group ID --name NAME --region overseas|cn [--area TEXT] [--languages en,zh-Hans] [--store-region NAME]... [--single-account]
npm run platform -- tenants add-app      --group ID [--merchant ID] --name NAME
npm run platform -- tenants revoke-app   --app APP_ID
npm run platform -- tenants add-order    --merchant ID --quota N --until YYYY-MM-DD [--from YYYY-MM-DD]
npm run platform -- tenants end-order    --order ID
npm run platform -- tenants remove-merchant --merchant ID --name NAME
npm run platform -- tenants remove-group --group ID --name NAME
Every command takes the nodes' --data and --database (or PLATFORM_DATA and DATABASE_URL), and prints one JSON document
(run npm with -s, or node dist/platform/cli.js, to have only that on stdout). add-group, add-merchant
and add-app print the new app's app_secret: it is shown this once. add-group and add-merchant refuse
a name that exists; add-app and add-order add another each time (end-order ends one added by mistake).
remove-merchant deletes a merchant and all its data for good (its name confirms which; refused while
tasks of it are queued or running); worker nodes delete its files within minutes. remove-group removes
a group with no merchants left.
`.trim();

const SUBCOMMANDS = ['list', 'add-group', 'add-merchant', 'add-app', 'revoke-app', 'add-order', 'end-order', 'remove-merchant', 'remove-group'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

/** The flag of each schema argument whose name differs from it. */
const FLAG_OF_ARGUMENT: Readonly<Record<string, string>> = { storeRegions: 'store-region', singleAccount: 'single-account' };

/** A command line that is not one of the usage's; the message names what is wrong. */
export class TenantsUsageError extends Error {}

/** The arguments as the schema wants them, or a usage error naming the first wrong one. */
function checked<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const flag = key === undefined ? '' : `--${FLAG_OF_ARGUMENT[String(key)] ?? String(key)}`;
  const missing = key !== undefined && (input as Record<string, unknown>)[String(key)] === undefined;
  const message = missing ? `${flag} is required` : `${flag ? `${flag}: ` : ''}${issue?.message ?? 'invalid arguments'}`;
  throw new TenantsUsageError(`${message}\n${TENANTS_USAGE}`);
}

/**
 * `npm run platform -- tenants …` (D-129): the operator creates merchant groups, merchants, their
 * apps and Skin API orders, and revokes apps, on the database every node shares. Writes the
 * database directly, like the report data commands; running nodes see the rows on their next read.
 * Returns what it prints (one JSON document) so tests read it as an operator's script would.
 */
export async function runTenantsCli(args: readonly string[], options: { env?: NodeJS.ProcessEnv; clock?: Clock } = {}): Promise<unknown> {
  const [sub, ...rest] = args;
  if (!SUBCOMMANDS.includes(sub as Subcommand)) throw new TenantsUsageError(`${sub === undefined ? 'a command is needed' : `no command "${sub}"`}\n${TENANTS_USAGE}`);
  let parsed: ReturnType<typeof parseTenantArgs>;
  try {
    parsed = parseTenantArgs(rest);
  } catch (error) {
    throw new TenantsUsageError(`${error instanceof Error ? error.message : String(error)}\n${TENANTS_USAGE}`);
  }
  const { values } = parsed;
  const env = options.env ?? process.env;
  // Checked before the database is opened: a wrong argument never creates a data directory.
  const command = commandOf(sub as Subcommand, values);
  // The nodes' own default and variable (PLATFORM_DATA), so a command finds what they use.
  const dataDir = resolve(values.data ?? env.PLATFORM_DATA ?? './data');
  // An empty value (`DATABASE_URL=` in an env file) means none, as it does for the nodes.
  const databaseUrl = values.database || env.DATABASE_URL || undefined;
  // A mistyped --data or DATABASE_URL must not become a new, empty platform: the nodes create their database.
  if (databaseUrl === undefined && !existsSync(join(dataDir, SQLITE_FILE))) {
    throw new TenantsUsageError(`no platform database in ${dataDir}: give the nodes' --data, or --database for PostgreSQL`);
  }
  if (databaseUrl !== undefined && !(await postgresHoldsPlatform(databaseUrl))) {
    throw new TenantsUsageError(`${databaseLabel(databaseUrl)} holds no platform tables: check DATABASE_URL, or start a node on it first (it creates them)`);
  }
  const db = await openPlatformDatabase({ dataDir, databaseUrl });
  try {
    return await command(new TenantAdmin(db, options.clock ?? systemClock));
  } finally {
    await db.close();
  }
}

/** Whether a PostgreSQL database holds the platform's tables; one that cannot be reached says so with its address. */
async function postgresHoldsPlatform(url: string): Promise<boolean> {
  // node-postgres loaded only for PostgreSQL, as the platform does (D-053).
  const { holdsPlatformTables } = await import('../storage/postgres-migrate.ts');
  try {
    return await holdsPlatformTables(url);
  } catch (error) {
    throw new TenantsUsageError(`${databaseLabel(url)} cannot be reached (${error instanceof Error ? error.message : String(error)}): check DATABASE_URL`);
  }
}

function parseTenantArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      data: { type: 'string' },
      database: { type: 'string' },
      name: { type: 'string' },
      group: { type: 'string' },
      merchant: { type: 'string' },
      region: { type: 'string' },
      area: { type: 'string' },
      languages: { type: 'string' },
      'store-region': { type: 'string', multiple: true },
      'single-account': { type: 'boolean' },
      app: { type: 'string' },
      quota: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      order: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
}

type TenantValues = ReturnType<typeof parseTenantArgs>['values'];

function commandOf(sub: Subcommand, values: TenantValues): (admin: TenantAdmin) => Promise<unknown> {
  switch (sub) {
    case 'list':
      return (admin) => admin.list();
    case 'add-group': {
      const args = checked(addGroupArgsSchema, { name: values.name });
      return (admin) => admin.addGroup(args);
    }
    case 'add-merchant': {
      const args = checked(addMerchantArgsSchema, {
        group: values.group, name: values.name, region: values.region, area: values.area,
        languages: values.languages?.split(',').map((code) => code.trim()).filter(Boolean),
        storeRegions: values['store-region'], singleAccount: values['single-account'],
      });
      return (admin) => admin.addMerchant(args);
    }
    case 'add-app': {
      const args = checked(addAppArgsSchema, { group: values.group, merchant: values.merchant, name: values.name });
      return (admin) => admin.addApp(args);
    }
    case 'revoke-app': {
      const { app } = checked(revokeAppArgsSchema, { app: values.app });
      return (admin) => admin.revokeApp(app);
    }
    case 'add-order': {
      const args = checked(addOrderArgsSchema, { merchant: values.merchant, quota: values.quota, from: values.from, until: values.until });
      return (admin) => admin.addOrder(args);
    }
    case 'end-order': {
      const args = checked(endOrderArgsSchema, { order: values.order });
      return (admin) => admin.endOrder(args);
    }
    case 'remove-merchant': {
      const args = checked(removeMerchantArgsSchema, { merchant: values.merchant, name: values.name });
      return (admin) => admin.removeMerchant(args);
    }
    case 'remove-group': {
      const args = checked(removeGroupArgsSchema, { group: values.group, name: values.name });
      return (admin) => admin.removeGroup(args);
    }
  }
}
