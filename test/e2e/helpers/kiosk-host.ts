/**
 * The kiosk as `npm start -- --headless` starts it (main/launch.ts): the browser host with the
 * embedded platform (or --platform-url), printing `kiosk ready: URL`. Each test gets a fresh data
 * directory. The launcher runs in its own process group so that stopping it stops what it started
 * (tsx, the kiosk, the embedded platform) and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface KioskHost {
  /** The launch address with its secret (`http://127.0.0.1:PORT/#k=...`). */
  readonly url: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** The page address with a query (e.g. `?lang=ar`) before the secret fragment. */
  withQuery(query: string): string;
  stop(): Promise<void>;
}

export interface KioskHostOptions {
  /** Kiosk configuration (main/config + main/kiosk/config), written to a file for --config. */
  readonly config?: unknown;
  readonly extraArgs?: readonly string[];
  readonly startTimeoutMs?: number;
}

export async function startKioskHost(options: KioskHostOptions = {}): Promise<KioskHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-'));
  const args = ['start', '--', '--headless', '--data', dataDir];
  if (options.config !== undefined) {
    const file = join(dataDir, 'kiosk-config.json');
    writeFileSync(file, JSON.stringify(options.config, null, 2));
    args.push('--config', file);
  }
  args.push(...(options.extraArgs ?? []));
  const child = spawn('npm', args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kiosk did not start in time:\n${output}`)), options.startTimeoutMs ?? 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /kiosk ready: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kiosk exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
    withQuery(query) {
      const [base, hash] = url.split('#');
      return `${base}${query}${hash ? `#${hash}` : ''}`;
    },
    stop: () => stopGroup(child),
  };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The group of the npm process this helper started (detached: its pid is the group id).
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** The embedded platform the launcher started: its pid, port and data directory (main/embedded-platform.ts). */
export function embeddedPlatform(dataDir: string): { pid: number | null; port: number; dataDir: string } {
  const dir = join(dataDir, 'embedded-platform');
  const pidFile = join(dir, 'embedded.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) || null : null;
  const port = Number(readFileSync(join(dataDir, 'embedded-platform', 'embedded-port'), 'utf8').trim());
  return { pid, port, dataDir: dir };
}

/**
 * Waits until the process is gone. If it is not within the time, fails saying what it is doing
 * (its state and threads from /proc) and what the kiosk's console last said, the embedded
 * platform's lines included (main/boot.ts).
 */
export async function waitForExit(pid: number, timeoutMs: number, host: KioskHost): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(`/proc/${pid}`)) {
    if (Date.now() > deadline) {
      throw new Error(`process ${pid} still there ${timeoutMs} ms after SIGTERM: ${processState(pid)}\nkiosk console:\n${host.output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function processState(pid: number): string {
  try {
    const state = /^State:\s*(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
    const threads = readdirSync(`/proc/${pid}/task`).map((tid) => {
      const read = (name: string) => readFileSync(`/proc/${pid}/task/${tid}/${name}`, 'utf8').trim();
      return `${read('comm')}(${read('wchan')})`;
    });
    return `state ${state}; threads ${threads.join(' ')}`;
  } catch (error) {
    return `not readable (${(error as Error).message})`;
  }
}
