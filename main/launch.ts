/**
 * `npm start` (DESIGN.md, Runtime modes). Electron when its binary is installed and main is
 * built; otherwise the browser host, opened in a Chromium app window (`--kiosk` unless
 * `--no-kiosk`) when one is found. Embedded platform and simulated device unless configured.
 *
 *   npm start -- [--headless] [--port N] [--data DIR] [--config FILE] [--platform-url URL]
 *                [--browser-host] [--no-kiosk] [--chromium PATH] [--models DIR] [--idle-seconds N]
 *
 * `--headless` starts the browser host without a window and prints
 * `kiosk ready: http://127.0.0.1:PORT/#k=SECRET`; the address carries the launch secret, so it
 * is printed to the terminal and nowhere else. `--idle-seconds N` sets every screen's inactivity
 * timeout for this launch (D-046; a technician's saved timeouts win).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { APP_ROOT as ROOT } from './app-paths.ts';
import { bootKiosk } from './boot.ts';
import { findChromium, isChromiumCrash, openChromium } from './host/chromium.ts';
import { startBrowserHost } from './host/server.ts';
import { parseIdleSecondsOption } from './kiosk/idle-settings.ts';
import { CrashBackoff } from './shell/crash-backoff.ts';

/** The browser host's port when a window is opened: a fixed origin keeps Chromium's camera permission across launches. */
export const DEFAULT_WINDOW_PORT = 4780;

export interface LaunchOptions {
  readonly headless: boolean;
  readonly forceBrowserHost: boolean;
  readonly kiosk: boolean;
  readonly port: number | undefined;
  readonly dataDir: string;
  readonly configFile: string | undefined;
  readonly platformUrl: string | undefined;
  readonly chromium: string | undefined;
  /** Folder of the ONNX models when not the repository's models/ (a packaged app's resources/models). */
  readonly modelDir: string | undefined;
  /** Every screen's inactivity timeout, seconds (D-046); undefined: the technician's or the defaults. */
  readonly idleSeconds: number | undefined;
}

export function parseLaunchArgs(argv: readonly string[]): LaunchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      headless: { type: 'boolean', default: false },
      'browser-host': { type: 'boolean', default: false },
      'no-kiosk': { type: 'boolean', default: false },
      port: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      'platform-url': { type: 'string' },
      chromium: { type: 'string' },
      models: { type: 'string' },
      'idle-seconds': { type: 'string' },
    },
    strict: true,
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) throw new Error(`--port: not a port number: ${values.port}`);
  if (values['platform-url'] !== undefined && !/^https?:\/\/[^/\s]+/.test(values['platform-url'])) throw new Error(`--platform-url: not an http(s) URL: ${values['platform-url']}`);
  return {
    headless: values.headless,
    forceBrowserHost: values['browser-host'] || values.headless,
    kiosk: !values['no-kiosk'],
    port,
    dataDir: resolve(values.data ?? join(ROOT, 'data', 'kiosk')),
    configFile: values.config === undefined ? undefined : resolve(values.config),
    platformUrl: values['platform-url'],
    chromium: values.chromium,
    modelDir: values.models === undefined ? undefined : resolve(values.models),
    idleSeconds: parseIdleSecondsOption(values['idle-seconds']),
  };
}

/** The Electron binary when the optional `electron` package installed one (its index.js answers the path). */
export function electronBinary(): string | null {
  try {
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function version(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

async function runBrowserHost(options: LaunchOptions): Promise<void> {
  const backend = await bootKiosk({
    mode: 'browser',
    version: version(),
    dataDir: options.dataDir,
    configFile: options.configFile,
    platformUrl: options.platformUrl,
    modelDir: options.modelDir,
    idleSeconds: options.idleSeconds,
  });
  const chromium = options.headless ? null : (options.chromium ?? findChromium());
  const wanted = options.port ?? (chromium ? DEFAULT_WINDOW_PORT : 0);
  const hostOptions = { api: backend.api, rendererDir: join(ROOT, 'renderer', 'dist'), csp: () => ({ imageOrigins: backend.platformOrigins() }) };
  const host = await startBrowserHost({ ...hostOptions, port: wanted }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || options.port !== undefined) throw error;
    console.warn(`port ${wanted} is taken: using a free one (Chromium will ask for the camera again)`);
    return startBrowserHost({ ...hostOptions, port: 0 });
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await backend.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  console.log(`kiosk ready: ${host.launchUrl}`);
  if (!chromium) {
    if (!options.headless) console.log('no Chromium found (--chromium PATH): open the address above in a browser on this machine');
    return;
  }
  const openWindow = (): void => {
    const window = openChromium(chromium, {
      // A one-time key per window: a relaunch gets its own.
      url: host.oneTimeLaunchUrl(),
      profileDir: join(options.dataDir, 'chromium-profile'),
      kiosk: options.kiosk,
      runningAsRoot: process.getuid?.() === 0,
    });
    window.once('error', (error) => console.error(`Chromium failed to start: ${error.message}`));
    window.once('exit', (code, signal) => {
      if (stopping) return;
      // A crashed window is opened again, backing off while it keeps crashing (D-042); closing
      // the kiosk window closes the kiosk.
      const delay = isChromiumCrash(code, signal) ? relaunches.crashed() : null;
      if (delay === null) return void stop(0);
      console.error(`kiosk window gone (${signal ?? `exit code ${code}`}); opening it again in ${delay / 1000} s`);
    });
  };
  const relaunches = new CrashBackoff(openWindow);
  process.once('exit', () => relaunches.dispose());
  openWindow();
}

function runElectron(binary: string, argv: readonly string[]): void {
  const child = spawn(binary, [ROOT, ...argv], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.once('exit', (code) => process.exit(code ?? 1));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseLaunchArgs(argv);
  const binary = options.forceBrowserHost ? null : electronBinary();
  if (binary) {
    if (existsSync(join(ROOT, 'dist', 'main', 'shell', 'entry.js'))) return runElectron(binary, argv);
    console.warn('Electron is installed but main is not compiled (docs/packaging.md: npx tsc -p tsconfig.main.json, npm run build:renderer): using the browser host');
  }
  await runBrowserHost(options);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
