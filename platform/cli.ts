import { parseArgs } from 'node:util';
import { resolve, join } from 'node:path';
import { startPlatform } from './server.ts';
import { CREDENTIALS_FILE } from './seed/demo-seed.ts';
import { REPORT_DATA_COMMANDS, runReportDataCli } from './report-data/cli.ts';

/**
 * `npm run platform -- --port 8080 --data ./data [--host 127.0.0.1] [--region overseas|cn] [--upload-ttl-seconds N] [--models DIR]`;
 * `npm run platform -- deliveries|integration ...` for the report data operator commands.
 */
async function main(): Promise<void> {
  const command = process.argv[2] ?? '';
  if ((REPORT_DATA_COMMANDS as readonly string[]).includes(command)) return runReportDataCli(command, process.argv.slice(3));
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      data: { type: 'string', default: './data' },
      host: { type: 'string', default: '127.0.0.1' },
      region: { type: 'string', default: 'overseas' },
      'public-url': { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
      // Tests of policy expiry on the kiosk side start the platform with a tiny ttl.
      'upload-ttl-seconds': { type: 'string' },
      // The ONNX models' folder when not the repository's models/ (a packaged kiosk: resources/models).
      models: { type: 'string' },
    },
    strict: true,
  });
  const dataDir = resolve(values.data);
  const platform = await startPlatform({
    host: values.host,
    port: Number(values.port),
    dataDir,
    region: values.region as 'cn' | 'overseas',
    publicBaseUrl: values['public-url'],
    logLevel: values['log-level'] as 'info',
    ...(values['upload-ttl-seconds'] ? { uploadTtlSeconds: Number(values['upload-ttl-seconds']) } : {}),
    ...(values.models ? { modelDir: resolve(values.models) } : {}),
  });
  console.log(`platform (${platform.services.config.region}) listening on ${platform.url}`);
  console.log(`data directory: ${dataDir}`);
  console.log(`${platform.seeded ? 'seeded demo tenants; ' : ''}demo credentials: ${join(dataDir, CREDENTIALS_FILE)}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
