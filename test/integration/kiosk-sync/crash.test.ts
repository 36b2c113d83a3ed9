/**
 * The main-process services killed with SIGKILL at random moments while capturing and syncing
 * (issue 7, Must show). A child process (crash-child.ts) runs the kiosk services against one
 * platform child started for all trials; after every kill the next trial starts on the same
 * data directory (recovery, resume). At the end one more start drains the queue, and then:
 * every capture the kiosk acknowledged is on disk with its hash, SQLite passes integrity_check,
 * every confirmed session synced, and the platform holds exactly one task per session.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../helpers/kiosk-db.ts';
import { removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { tasksBySession } from './platform-db.ts';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TRIALS = Number(process.env.KIOSK_CRASH_TRIALS ?? 50);
const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-crash-sync-'));

interface Trial {
  captures: { id: string; sessionId: string; sha256: string }[];
  confirmed: string[];
}

interface Prepared {
  readonly child: ReturnType<typeof spawn>;
  /** Resolves once the child has loaded its modules and waits for `go`. */
  readonly loaded: Promise<void>;
  readonly lines: string[];
  onLine: ((line: string) => void) | null;
  stderr: string;
}

/** Spawned ahead: it loads its modules while the previous trial runs, and waits for `go`. */
function prepare(platform: PlatformChild, profile: string): Prepared {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, platform.url, platform.dataDir, profile], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  let markLoaded: () => void = () => undefined;
  const prepared: Prepared = { child, loaded: new Promise<void>((resolve) => (markLoaded = resolve)), lines: [], onLine: null, stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => (prepared.stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      if (line === 'loaded') markLoaded();
      else prepared.onLine?.(line);
    }
  });
  child.once('exit', () => markLoaded());
  return prepared;
}

async function runUntilKilled(prepared: Prepared, killAfterMs: number): Promise<Trial> {
  await prepared.loaded;
  const { child } = prepared;
  return new Promise((resolve, reject) => {
    const trial: Trial = { captures: [], confirmed: [] };
    prepared.onLine = (line) => {
      const [word, a, b, c] = line.split(' ');
      if (word === 'capture') trial.captures.push({ id: a!, sessionId: b!, sha256: c! });
      if (word === 'confirmed') trial.confirmed.push(a!);
    };
    // Timed from `go`: some kills land while the services start (recovery, resume), most while they work.
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(trial);
      else reject(new Error(`kiosk child exited by itself (code ${code}): ${prepared.stderr}`));
    });
    child.stdin!.write('go\n');
  });
}

describe('kiosk services under SIGKILL while capturing and syncing', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(async () => {
    await platform.stop();
    removeDir(dataDir);
  });

  it(`loses no capture, keeps SQLite consistent, syncs every session once over ${TRIALS} kills`, async () => {
    const acknowledged = new Map<string, { sessionId: string; sha256: string }>();
    const confirmed = new Set<string>();
    // Mostly single-camera sessions (quick); every fourth trial multi-light, so report submission is cut too.
    const profileOf = (trial: number) => (trial % 4 === 3 ? 'multi_light' : 'single_camera');
    let next = prepare(platform, profileOf(0));
    for (let trial = 0; trial < TRIALS; trial++) {
      const current = next;
      next = prepare(platform, profileOf(trial + 1));
      const result = await runUntilKilled(current, Math.floor(Math.random() * 2000));
      for (const c of result.captures) acknowledged.set(c.id, c);
      for (const s of result.confirmed) confirmed.add(s);
    }
    next.child.kill('SIGKILL');
    // Enough work was cut short to mean something (few when the machine is very busy: start-up eats the window).
    expect(acknowledged.size).toBeGreaterThanOrEqual(Math.min(10, TRIALS));
    expect(confirmed.size).toBeGreaterThanOrEqual(Math.min(5, TRIALS));

    // One more start, not killed: it recovers and drains the queue.
    const app = platform.app;
    const kiosk = await startKiosk(platform.url, app, { dataDir, profile: 'single_camera' });
    // A second connection, as the kiosk's own handle is private to main/store (D-043).
    const db = openKioskDb(dataDir);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      // Every acknowledged capture: its row, its file, its hash (nothing here retakes, so none was replaced).
      for (const [id, ack] of acknowledged) {
        const row = db.prepare('SELECT file_path, sha256, integrity, session_id FROM captures WHERE id = ?').get(id) as { file_path: string; sha256: string; integrity: string; session_id: string } | undefined;
        expect(row, `capture ${id}`).toBeDefined();
        expect(row).toMatchObject({ sha256: ack.sha256, integrity: 'ok', session_id: ack.sessionId });
        const bytes = readFileSync(join(kiosk.store.capturesDir, ...row!.file_path.split('/')));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(ack.sha256);
      }
      const done = (db.prepare("SELECT id FROM sessions WHERE state = 'done'").all() as { id: string }[]).map((r) => r.id);
      for (const id of confirmed) expect(done).toContain(id);
      await waitFor('queue drained', () => kiosk.engine.counts(), (c) => c.pending === 0, 150_000);
      expect(kiosk.engine.counts().failed).toBe(0);
      const tasks = await tasksBySession(platform.dataDir);
      for (const id of done) {
        expect(kiosk.engine.job(id), `job of ${id}`).toMatchObject({ stage: 'done' });
        expect(kiosk.store.getSession(id)?.syncedAt).not.toBeNull();
        // One idempotency key per session (no staff retries here) and one task for it.
        expect(tasks.get(id), `tasks of ${id}`).toEqual({ keys: [`kiosk-${id}-0`], tasks: 1 });
      }
      // Sessions cut short are cancelled, never half-synced.
      const others = db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE state NOT IN ('done', 'cancelled')").get() as { n: number };
      expect(others.n).toBe(0);
      console.log(`crash test: ${TRIALS} kills, ${acknowledged.size} captures acknowledged, ${confirmed.size} sessions confirmed, ${done.length} synced`);
    } finally {
      db.close();
      await kiosk.close();
    }
  }, 235_000);
});
