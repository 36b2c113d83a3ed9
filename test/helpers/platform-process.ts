import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { platformDatabaseFor } from './postgres.ts';

const CLI = fileURLToPath(new URL('../../platform/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface PlatformProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a power cut or a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface PlatformProcessOptions {
  /** Variables added to this process's environment (S3 keys). */
  readonly env?: Record<string, string>;
}

/**
 * The platform CLI in its own process, as `npm run platform` starts it. A `--role worker` process
 * listens on nothing: it is up when it says it runs, and its url is ''.
 */
export async function startPlatformProcess(dataDir: string, port: number, extraArgs: string[] = [], options: PlatformProcessOptions = {}): Promise<PlatformProcess> {
  // On the PostgreSQL run, each data directory has its database, kept across restarts.
  const database = extraArgs.includes('--database') ? undefined : await platformDatabaseFor(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', String(port), '--data', dataDir, '--log-level', 'warn', ...(database ? ['--database', database] : []), ...extraArgs], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] || /platform worker \(/.test(output)) {
        clearTimeout(timer);
        resolve(match?.[1] ?? '');
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGINT');
      await exited(child);
    },
  };
}
