import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startPlatform } from './server.ts';
import { CREDENTIALS_FILE } from './seed/demo-seed.ts';
import { REPORT_DATA_COMMANDS, runReportDataCli } from './report-data/cli.ts';
import { optionLabelOfField, optionsTable, platformConfigFromCli } from './cli-options.ts';
import { databaseLabel, SQLITE_FILE } from './storage/database.ts';
import { runTenantsCli, TENANTS_COMMAND } from './operator/tenants-cli.ts';

/**
 * `npm run platform -- --port 8080 --data ./data …` or, built, `node dist/platform/cli.js …`:
 * every option in platform/cli-options.ts, each also an environment variable (`--help` lists
 * them); `npm run platform -- deliveries|integration ...` for the report data operator commands,
 * `npm run platform -- tenants ...` for groups, merchants, apps and orders (D-129).
 */
async function main(): Promise<void> {
  const command = process.argv[2] ?? '';
  if ((REPORT_DATA_COMMANDS as readonly string[]).includes(command)) return runReportDataCli(command, process.argv.slice(3));
  if (command === TENANTS_COMMAND) {
    console.log(JSON.stringify(await runTenantsCli(process.argv.slice(3)), null, 2));
    return;
  }
  if (process.argv.includes('--help')) {
    console.log(`node dist/platform/cli.js [options]   (or: npm run platform -- [options])\n\n${optionsTable()}`);
    return;
  }
  const input = platformConfigFromCli(process.argv.slice(2), process.env);
  // A refused value is named by its flag and variable, as the operator typed it.
  const platform = await startPlatform(input, { labelOf: optionLabelOfField });
  const { config } = platform.services;
  // Tests and operators wait for these lines: a worker has no address (D-073).
  if (config.role === 'worker') console.log(`platform worker (${config.region}) running tasks and push deliveries${platform.opsUrl ? `; probes and metrics on ${platform.opsUrl}` : ''}`);
  else console.log(`platform (${config.region}${config.role === 'api' ? ', api only' : ''}) listening on ${platform.url}`);
  console.log(`data directory: ${config.dataDir}`);
  console.log(`database: ${config.databaseUrl ? databaseLabel(config.databaseUrl) : `SQLite ${join(config.dataDir, SQLITE_FILE)}`}`);
  // A worker never seeds, so it says nothing of tenants.
  if (config.role !== 'worker') console.log(tenantsLine(config.dataDir, config.demoTenants, platform.seeded !== null));

  let stopping = false;
  // D-053: stop accepting, finish the requests in flight, let running tasks finish within the
  // grace period and hand the rest back, then exit 0. A second signal, or a close that takes
  // far past the grace period, exits at once with 1: nothing accepted is lost, since what was
  // acknowledged is in the database and tasks still marked running are taken up again.
  const stop = (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: closing`);
    setTimeout(() => {
      console.error('shutdown took too long: exiting');
      process.exit(1);
    }, (config.shutdownGraceSeconds + 30) * 1000).unref();
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * Where the demo credentials are. Only a node that seeded an empty database writes the file; the
 * others say it is not there (D-128), and with demo tenants off, where tenants come from (D-129).
 */
function tenantsLine(dataDir: string, demoTenants: boolean, seeded: boolean): string {
  const credentials = join(dataDir, CREDENTIALS_FILE);
  if (existsSync(credentials)) return `${seeded ? 'seeded demo tenants; ' : ''}demo credentials: ${credentials}`;
  if (!demoTenants) return 'demo tenants: off; create and list tenants with `npm run platform -- tenants` (D-129)';
  return 'demo credentials: none in this data directory (the database held tenants already)';
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
