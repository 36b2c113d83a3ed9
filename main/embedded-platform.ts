/**
 * The embedded platform (DESIGN.md, Runtime modes): when no remote platform is configured, the
 * kiosk starts `platform/cli.ts` as a CHILD PROCESS on 127.0.0.1 with its own data directory
 * (`<kioskDataDir>/embedded-platform`), reads the demo credentials the platform seeds there, and
 * talks to it over HTTP like to any remote platform. main/ never imports platform/: the child is
 * started by path (ESLint enforces the layer rule).
 *
 * The port is chosen once and kept (`embedded-port`) while it stays free; the base URL is never
 * taken from demo-credentials.json, which keeps the address of the first launch only. From the
 * second launch on, start returns before the child listens (see startEmbeddedPlatform).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { APP_ROOT } from './app-paths.ts';

/** What a started platform process must offer: Node's ChildProcess and Electron's UtilityProcess both do. */
export interface PlatformProcess {
  readonly pid?: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
}

/** Starts the platform CLI with these arguments (after the script path). */
export type PlatformSpawner = (cli: string, args: readonly string[]) => PlatformProcess;

const demoAppSchema = z.object({
  app_id: z.string().min(1),
  app_secret: z.string().min(1),
  level: z.enum(['group', 'merchant']),
  group_id: z.string(),
  merchant_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
  region: z.string(),
  store_custom_ids: z.array(z.string()),
});
const credentialsSchema = z.object({ base_url: z.string(), region: z.enum(['cn', 'overseas']), account_password: z.string(), apps: z.array(demoAppSchema).min(1) });
export type DemoCredentials = z.infer<typeof credentialsSchema>;

export interface EmbeddedPlatformOptions {
  /** The kiosk's data directory; the platform gets `<kioskDataDir>/embedded-platform`. */
  readonly kioskDataDir: string;
  /** Default 0: a free port each launch. */
  readonly port?: number;
  readonly region?: 'cn' | 'overseas';
  /** The ONNX models' folder for the platform's analysis workers (`--models`); absent: the repository's models/. */
  readonly modelDir?: string;
  /** Default: a Node child process (`node [--import tsx] platform/cli`). Electron passes utilityProcess. */
  readonly spawner?: PlatformSpawner;
  readonly startTimeoutMs?: number;
  /** Wait until the platform listens even when its address and credentials are known. Default false. */
  readonly awaitReady?: boolean;
  /** Problems found after start returned (the child died, listens elsewhere). */
  readonly log?: (line: string) => void;
  /** The child's output, line by line, for as long as it runs (default: dropped after start, kept for the error when it fails to start). */
  readonly onOutput?: (line: string) => void;
}

/** What the kiosk configuration gets: where the platform is and which app to sign in with. */
export interface PlatformConnection {
  readonly baseUrl: string;
  readonly region: 'cn' | 'overseas';
  readonly appId: string;
  readonly appSecret: string;
  /** The merchant of the app; also sent as merchant-id. */
  readonly merchantId: string | null;
  readonly storeCustomId: string;
}

export interface EmbeddedPlatform {
  readonly connection: PlatformConnection;
  readonly credentials: DemoCredentials;
  readonly dataDir: string;
  readonly pid: number | undefined;
  /** Settles when the platform listens (or failed to); start may return before it. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

// Sources (tsx, vitest) start the .ts CLI through tsx; a compiled build has platform/cli.js beside main/.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
export const PLATFORM_CLI = fileURLToPath(new URL(`../platform/cli.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url));

export const nodeSpawner: PlatformSpawner = (cli, args) =>
  spawn(process.execPath, [...(cli.endsWith('.ts') ? ['--import', 'tsx'] : []), cli, ...args], { cwd: APP_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: embeddedPlatformEnv(process.env) });

/**
 * glibc's allocator settings for a process that analyses 12 MP photos (D-092): a decoded photo
 * (36 MB) is above glibc's largest mmap threshold, so without these every decode and every
 * analysis takes fresh memory from the kernel and gives it back after, at about 4 ms per MB on
 * the reference machine. Read by glibc at start, so they go in the child's environment; a value
 * already set (an operator's) is kept. Other C libraries ignore them.
 */
export const ANALYSIS_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '33554432',
  MALLOC_TRIM_THRESHOLD_: '4294967295',
  MALLOC_TOP_PAD_: '67108864',
};

/**
 * The embedded platform is configured by its arguments only: a DATABASE_URL or PLATFORM_* meant
 * for a platform service on the same machine must not move the kiosk's own data elsewhere (D-053).
 * It runs the station's analysis, so it gets ANALYSIS_MALLOC_ENV.
 */
export function embeddedPlatformEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.entries(env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('PLATFORM_'));
  return { ...ANALYSIS_MALLOC_ENV, ...Object.fromEntries(kept) };
}

/** The app the kiosk signs in with: the first merchant-level app of the platform's region, with a store. */
export function pickDemoApp(credentials: DemoCredentials): DemoCredentials['apps'][number] {
  const merchantApps = credentials.apps.filter((app) => app.level === 'merchant' && app.store_custom_ids.length > 0);
  const found = merchantApps.find((app) => app.region === credentials.region) ?? merchantApps[0];
  if (!found) throw new Error('the embedded platform seeded no merchant app with a store');
  return found;
}

export async function startEmbeddedPlatform(options: EmbeddedPlatformOptions): Promise<EmbeddedPlatform> {
  const dataDir = join(options.kioskDataDir, 'embedded-platform');
  mkdirSync(dataDir, { recursive: true });
  stopStale(dataDir);
  const port = await choosePort(dataDir, options.port);
  const args = ['--port', String(port), '--host', '127.0.0.1', '--data', dataDir, '--region', options.region ?? 'overseas', '--log-level', 'warn'];
  if (options.modelDir) args.push('--models', options.modelDir);
  const child = (options.spawner ?? nodeSpawner)(PLATFORM_CLI, args);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  writeFileSync(join(dataDir, 'embedded.pid'), `${child.pid ?? ''}\n`);
  // Closing the kiosk (even by an uncaught error) must not leave the platform behind.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  let stopped = false;
  const kill = async () => {
    stopped = true;
    process.removeListener('exit', onExit);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(join(dataDir, 'embedded.pid'), { force: true });
  };
  const ready = waitForUrl(child, exited, options.startTimeoutMs ?? 30_000, options.onOutput);
  ready.catch(() => undefined);

  try {
    // Fast path (every launch but the first): the port is ours from last time and the seeded
    // credentials are on disk, so the kiosk need not wait the seconds the platform takes to
    // start; until it listens, calls fail like any network error and the sync engine retries.
    let credentials = port !== 0 && !options.awaitReady ? readCredentials(dataDir) : null;
    let baseUrl = `http://127.0.0.1:${port}`;
    if (credentials) {
      ready.then(
        (url) => url !== baseUrl && options.log?.(`embedded platform listens on ${url}, not ${baseUrl}`),
        (error: Error) => stopped || options.log?.(error.message),
      );
    } else {
      baseUrl = await ready;
      if (port === 0 && options.port === undefined) writeFileSync(join(dataDir, 'embedded-port'), `${new URL(baseUrl).port}\n`);
      credentials = readCredentials(dataDir);
      if (!credentials) throw new Error(`embedded platform: no readable demo-credentials.json in ${dataDir}`);
    }
    const app = pickDemoApp(credentials);
    const connection: PlatformConnection = {
      baseUrl, region: credentials.region, appId: app.app_id, appSecret: app.app_secret, merchantId: app.merchant_id, storeCustomId: app.store_custom_ids[0] ?? '',
    };
    let stopping: Promise<void> | null = null;
    const settled = ready.then(() => undefined);
    settled.catch(() => undefined);
    return { connection, credentials, dataDir, pid: child.pid, ready: settled, stop: () => (stopping ??= kill()) };
  } catch (error) {
    await kill();
    throw error;
  }
}

function readCredentials(dataDir: string): DemoCredentials | null {
  try {
    return credentialsSchema.parse(JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * The port of the embedded platform: the one it had last time when still free, so its base URL
 * is known before it starts (and stays the same across launches); else 0, so the child binds a
 * free port itself (a port probed here could be taken before the child binds it), which is
 * remembered once it listens.
 */
async function choosePort(dataDir: string, requested: number | undefined): Promise<number> {
  if (requested !== undefined) return requested;
  const file = join(dataDir, 'embedded-port');
  const previous = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : NaN;
  if (Number.isInteger(previous) && previous > 0 && previous < 65536 && (await listenOn(previous)) === previous) return previous;
  return 0;
}

/** Binds 127.0.0.1:port for a moment: the port bound, or null when it is taken. */
function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}

function waitForUrl(child: PlatformProcess, exited: Promise<void>, timeoutMs: number, onOutput?: (line: string) => void): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    let done = false;
    const finish = (error: Error | null, url?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve(url ?? '');
    };
    const timer = setTimeout(() => finish(new Error(`embedded platform did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    // One per stream: a chunk may end inside a line, which waits there for its rest.
    const reader = () => {
      let rest = '';
      return (chunk: Buffer | string) => {
        const text = chunk.toString();
        const lines = (rest + text).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) onOutput?.(line);
        onText(text);
      };
    };
    const onText = (text: string) => {
      if (done) return;
      output += text;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) finish(null, match[1]);
    };
    for (const stream of [child.stdout, child.stderr]) {
      const read = reader();
      stream?.on('data', read);
      // A last line without its newline (a crash's message) is passed on when the stream ends.
      stream?.on('end', () => read('\n'));
    }
    void exited.then(() => finish(new Error(`embedded platform exited before listening:\n${output}`)));
  });
}

/**
 * A kiosk killed hard (power cut, SIGKILL) leaves its platform child running on the same data
 * directory. Its pid is in embedded.pid; on Linux /proc tells whether that pid is still our CLI
 * (pids are reused), elsewhere we leave it alone rather than kill a stranger.
 */
function stopStale(dataDir: string): void {
  const pidFile = join(dataDir, 'embedded.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('platform/cli') && cmdline.includes(dataDir)) process.kill(pid, 'SIGTERM');
  } catch {
    // No such process, or no /proc: nothing to stop.
  }
}
