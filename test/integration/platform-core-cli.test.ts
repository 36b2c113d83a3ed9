import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../main/platform-client/client.ts';
import { merchantEndpoints as ep } from '../../protocol/endpoints/merchant.ts';
import type { DemoApp } from '../../platform/seed/demo-seed.ts';

/**
 * `npm run platform -- --port P --data D` as an operator runs it (issue 2, Starting it): a real
 * child process. First start seeds and writes demo-credentials.json and says where it is; Ctrl-C
 * (SIGINT) exits 0 and leaves a consistent database that the next start reuses without seeding.
 */

const CLI = fileURLToPath(new URL('../../platform/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Credentials {
  base_url: string;
  region: string;
  account_password: string;
  apps: DemoApp[];
}

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends `signal` and resolves with the exit code and signal. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startCli(dataDir: string, port: number): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', String(port), '--data', dataDir, '--log-level', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // The last line of the start banner names the credentials file.
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] && /demo credentials: .+\n/.test(output)) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop(signal) {
      child.kill(signal);
      return exited;
    },
  };
}

function clientFor(url: string, app: DemoApp): PlatformClient {
  return new PlatformClient({ addresses: { cn: url, overseas: url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret, merchantId: app.merchant_id ?? undefined });
}

describe('npm run platform: first start, Ctrl-C, second start', () => {
  let dataDir = '';
  let port = 0;
  let first: Started;
  let credentials: Credentials;
  const credentialsFile = () => join(dataDir, 'demo-credentials.json');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'platform-cli-'));
    // Port 0: the CLI binds a free port itself; the restart below reuses the one it printed.
    first = await startCli(dataDir, 0);
    port = Number(new URL(first.url).port);
    credentials = JSON.parse(readFileSync(credentialsFile(), 'utf8')) as Credentials;
  }, 90_000);
  afterAll(async () => {
    if (first.child.exitCode === null && first.child.signalCode === null) await first.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the address, the data directory and where demo-credentials.json is', () => {
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    expect(first.output()).toContain(`data directory: ${dataDir}`);
    // Which database, so the log confirms it (D-129's walkthrough): never a password.
    expect(first.output()).toContain(`database: SQLite ${join(dataDir, 'platform.sqlite')}`);
    expect(first.output()).toContain(`seeded demo tenants; demo credentials: ${credentialsFile()}`);
  });

  it('writes the file readable by its owner only (mode 0600, D-011)', () => {
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    expect(existsSync(`${credentialsFile()}.tmp`)).toBe(false);
  });

  it('lists a group app and one merchant app per demo merchant, each with its level, merchant and store numbers', () => {
    expect(credentials).toMatchObject({ base_url: first.url, region: 'overseas' });
    expect(credentials.account_password.length).toBeGreaterThanOrEqual(8);
    const { apps } = credentials;
    expect(apps.map((a) => a.level)).toEqual(['group', 'merchant', 'merchant', 'merchant']);
    expect(new Set(apps.map((a) => a.app_id)).size).toBe(4);
    expect(new Set(apps.map((a) => a.app_secret)).size).toBe(4);
    for (const app of apps) {
      expect(app.app_id).toMatch(/^app_[0-9a-f]{16}$/);
      expect(app.app_secret.length).toBeGreaterThanOrEqual(32);
      expect(app.group_id).toMatch(/^\d+$/);
      expect(app.store_custom_ids.length).toBeGreaterThan(0);
    }
    const [group, ...merchants] = apps;
    expect(group).toMatchObject({ merchant_id: null, merchant_name: null });
    expect(merchants.map((a) => a.merchant_name)).toEqual(['Lumen Skin Studio', 'Harbour Derma Bar', 'Shanghai Skin Lab']);
    for (const app of merchants) expect(app.merchant_id).toMatch(/^\d+$/);
    expect(new Set(merchants.map((a) => a.merchant_id)).size).toBe(3);
    expect([...(group?.store_custom_ids ?? [])].sort()).toEqual(merchants.flatMap((a) => a.store_custom_ids).sort());
  });

  it('its credentials work: each merchant app of its region sees exactly its listed stores, the group app its merchants', async () => {
    const [group, ...merchants] = credentials.apps;
    for (const app of merchants) {
      const client = clientFor(first.url, app);
      if (app.region === credentials.region) {
        const stores = await client.call(ep.listStores, { query: { count: 100 } });
        expect(stores.list.map((s) => s.store_custom_id)).toEqual(app.store_custom_ids);
      } else {
        // The mainland merchant is served by a `--region cn` instance on the same data (D-008).
        expect(await client.call(ep.listStores).then(() => 0, (error: { code?: number }) => error.code)).toBe(44099);
      }
      await client.close();
    }
    expect(merchants.filter((app) => app.region === credentials.region)).toHaveLength(2);
    const groupClient = clientFor(first.url, group as DemoApp);
    const list = await groupClient.call(ep.listMerchants);
    expect(list.list.map((m) => m.merchant_id).sort()).toEqual(merchants.map((a) => a.merchant_id).sort());
    await groupClient.close();
  });

  it('Ctrl-C exits with code 0 and leaves a consistent database that the next start reuses without reseeding', async () => {
    const primary = credentials.apps.find((a) => a.merchant_name === 'Lumen Skin Studio') as DemoApp;
    const client = clientFor(first.url, primary);
    // A write just before Ctrl-C must survive it.
    await client.call(ep.createStore, {
      body: {
        name: 'Before Ctrl-C', custom_id: 'CTRLC1', telephone: '+65 6123 4567', province_code: 'SG01', address: '1 Test Road',
        username: 'ctrlc_manager', password: 'Passw0rd!', real_name: 'Ana',
      },
    });
    await client.close();
    const credentialsBefore = readFileSync(credentialsFile(), 'utf8');

    const exit = await first.stop('SIGINT');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('SIGINT: closing');
    expect(first.output()).not.toMatch(/error/i);

    // A clean close checkpoints the WAL into the main file and removes it.
    const dbFile = join(dataDir, 'platform.sqlite');
    expect(existsSync(`${dbFile}-wal`) ? statSync(`${dbFile}-wal`).size : 0).toBe(0);
    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect((db.prepare('SELECT COUNT(*) AS n FROM groups').get() as { n: number }).n).toBe(1);
      expect((db.prepare('SELECT COUNT(*) AS n FROM apps').get() as { n: number }).n).toBe(4);
      expect(db.prepare("SELECT name FROM stores WHERE custom_id = 'CTRLC1'").get()).toEqual({ name: 'Before Ctrl-C' });
    } finally {
      db.close();
    }

    const second = await startCli(dataDir, port);
    try {
      expect(second.output()).not.toContain('seeded demo tenants');
      expect(second.output()).toContain(`demo credentials: ${credentialsFile()}`);
      expect(readFileSync(credentialsFile(), 'utf8')).toBe(credentialsBefore);
      const again = clientFor(second.url, primary);
      const stores = await again.call(ep.listStores, { query: { count: 100 } });
      expect(stores.list.map((s) => s.store_custom_id)).toEqual([...primary.store_custom_ids, 'CTRLC1']);
      await again.close();
    } finally {
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect(second.output()).toContain('SIGTERM: closing');
  }, 90_000);
});

describe('npm run platform under a process manager (D-128)', () => {
  it('stops when npm itself gets SIGTERM: the signal reaches the platform, nothing is left running', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-npm-'));
    // npm as systemd or a container starts it; port 0: the CLI prints the one it bound.
    const npm = spawn('npm', ['run', '--silent', 'platform', '--', '--port', '0', '--data', dataDir, '--log-level', 'warn'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), 60_000);
        npm.stdout?.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      await exited;
      // Before the script exec'd tsx, npm and its shell exited here and the platform kept answering.
      await expect.poll(() => output, { timeout: 15_000 }).toContain('SIGTERM: closing');
      await expect.poll(() => fetch(`${url}/healthz`).then(() => 'answering', () => 'gone'), { timeout: 15_000 }).toBe('gone');
    } finally {
      // Its own process group: whatever a failure left running goes with it.
      try {
        if (npm.pid !== undefined) process.kill(-npm.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
