/**
 * `npm run session -- --images DIR [--json] [--lang en] [--data DIR] [--timeout SECONDS] [--models DIR]
 *    [--platform URL --app-id ID --app-secret SECRET --store STORE [--region overseas|cn] [--merchant-id N]]`
 *
 * Runs one whole session from image files (main/kiosk/headless-session.ts) and prints the
 * report. Without --platform it starts the embedded platform as a child process on a free
 * loopback port with its own data directory, signs in with its demo credentials and stops it at
 * the end. `--models` points the local checks and the embedded platform at another folder of ONNX
 * models than the repository's (a packaged app's resources/models: docs/packaging.md). Exit code 0 when the analysis succeeded, 2 when the platform failed it, 1 otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLanguageCode } from '../protocol/enums/languages.ts';
import { bindSecretValues } from '../protocol/secret-arguments.ts';
import type { LanguageCode } from '../protocol/enums/languages.ts';
import { startEmbeddedPlatform } from './embedded-platform.ts';
import type { EmbeddedPlatform } from './embedded-platform.ts';
import type { PlatformConnectionInput } from './kiosk/config.ts';
import { HeadlessError, prepareImages, runHeadlessSession } from './kiosk/headless-session.ts';
import type { HeadlessResult } from './kiosk/headless-session.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: bindSecretValues(process.argv.slice(2), ['app-secret']),
    options: {
      images: { type: 'string' },
      json: { type: 'boolean', default: false },
      lang: { type: 'string', default: 'en' },
      data: { type: 'string' },
      timeout: { type: 'string', default: '300' },
      platform: { type: 'string' },
      'app-id': { type: 'string' },
      'app-secret': { type: 'string' },
      store: { type: 'string' },
      region: { type: 'string', default: 'overseas' },
      'merchant-id': { type: 'string' },
      models: { type: 'string' },
    },
    strict: true,
  });
  if (!values.images) throw new HeadlessError('--images DIR is required (files named <view>_<light>.jpg, e.g. front_white.jpg)');
  if (!isLanguageCode(values.lang)) throw new HeadlessError(`--lang ${values.lang} is not a language code`);
  const region = values.region === 'cn' ? 'cn' : 'overseas';
  // Progress goes to stderr, so --json output on stdout stays clean.
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // Image set and local face checks first: a wrong folder fails before any platform starts.
  const modelDir = values.models ? resolve(values.models) : undefined;
  const images = await prepareImages(resolve(values.images), { modelDir });
  log(`local checks passed: a face on ${images.views.join(', ')} (${images.profile}, lights ${images.lights.join(', ')})`);
  const ownData = !values.data;
  const dataDir = values.data ? resolve(values.data) : mkdtempSync(join(tmpdir(), 'kiosk-session-'));

  let embedded: EmbeddedPlatform | null = null;
  try {
    let connection: PlatformConnectionInput;
    if (values.platform) {
      if (!values['app-id'] || !values['app-secret'] || !values.store) throw new HeadlessError('--platform needs --app-id, --app-secret and --store');
      connection = { baseUrl: values.platform.replace(/\/$/, ''), region, appId: values['app-id'], appSecret: values['app-secret'], merchantId: values['merchant-id'] ?? null, storeCustomId: values.store };
    } else {
      log('starting the embedded platform...');
      embedded = await startEmbeddedPlatform({ kioskDataDir: dataDir, port: 0, modelDir });
      connection = embedded.connection;
      log(`embedded platform at ${connection.baseUrl}`);
    }
    const result = await runHeadlessSession(images, {
      dataDir: join(dataDir, 'kiosk'),
      platform: connection,
      lang: values.lang as LanguageCode,
      timeoutMs: Number(values.timeout) * 1000,
      modelDir,
      log,
    });
    process.stdout.write(values.json ? `${JSON.stringify(summary(result, connection.baseUrl, embedded !== null), null, 2)}\n` : text(result));
    return result.status === 'succeeded' ? 0 : 2;
  } finally {
    await embedded?.stop();
    if (ownData) rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(result: HeadlessResult, baseUrl: string, embedded: boolean) {
  const r = result.report;
  return {
    sessionId: result.sessionId,
    profile: result.profile,
    lights: result.lights,
    platform: { baseUrl, embedded },
    localChecks: result.localChecks,
    taskId: result.taskId,
    status: result.status,
    error: result.error,
    overallScore: r.overallScore,
    dimensions: r.dimensions.map((d) => ({
      dimension: d.dimension,
      name: d.name,
      level: d.level,
      levelName: d.levelName,
      score: d.score,
      ...(d.caveats.length > 0 ? { caveats: d.caveats.map((c) => c.reason) } : {}),
    })),
    // D-033: what the analysis could not measure, with the reason, never a score.
    notMeasured: r.notMeasured.map((n) => ({ dimension: n.dimension, name: n.name, reason: n.reason, reasonText: n.reasonText })),
    recommendations: r.recommendations.map((x) => ({ kind: x.kind, customId: x.customId, name: x.name, answers: x.answers.map((a) => `${a.dimension}:${a.level}`) })),
    shareUrl: r.shareUrl,
  };
}

function text(result: HeadlessResult): string {
  const r = result.report;
  const lines = [`session ${result.sessionId} (${result.profile}): task ${result.taskId ?? '-'} ${result.status}${result.error ? ` ${result.error.code} ${result.error.message}` : ''}`];
  if (r.overallScore !== null) lines.push(`overall score ${r.overallScore}`);
  for (const d of r.dimensions) {
    const caveats = d.caveats.length > 0 ? ` (less certain: ${d.caveats.map((c) => c.name).join(', ')})` : '';
    lines.push(`  ${d.name.padEnd(24)} level ${String(d.level).padEnd(2)} ${d.levelName.padEnd(22)} score ${d.score}${caveats}`);
  }
  for (const n of r.notMeasured) lines.push(`  ${n.name.padEnd(24)} not measured: ${n.reasonText}`);
  for (const x of r.recommendations) lines.push(`  ${x.kind} ${x.customId} ${x.name} (answers ${x.answers.map((a) => a.dimension).join(', ')})`);
  if (r.shareUrl) lines.push(`report page: ${r.shareUrl}`);
  return `${lines.join('\n')}\n`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`session: ${error instanceof HeadlessError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
