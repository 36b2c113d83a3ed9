/**
 * The kiosk log rolls by size (D-042): it never grows past its files, keeps the newest lines,
 * carries on in the last file after a restart, and a disk it cannot write costs log lines only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KioskLog } from '../../../main/kiosk/log.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-log-'));
  dirs.push(dir);
  return dir;
}

/** The log files, oldest first (kiosk.<n>.log). */
function logFiles(dir: string): string[] {
  const number = (name: string) => Number(/\.(\d+)\.log$/.exec(name)?.[1]);
  return readdirSync(dir)
    .filter((name) => /^kiosk\.\d+\.log$/.test(name))
    .sort((a, b) => number(a) - number(b));
}

function entries(dir: string, file: string): { level: string; time: string; msg: string }[] {
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { level: string; time: string; msg: string });
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

const message = (i: number) => `sync: step ${String(i).padStart(4, '0')} of session 0190a1b2-c3d4 done ${'.'.repeat(40)}`;

describe('kiosk log', () => {
  it('rolls at the size limit and keeps only the newest files', async () => {
    const dir = join(tempDir(), 'logs');
    const log = await KioskLog.open({ file: join(dir, 'kiosk.log'), maxFileBytes: 2048, maxFiles: 3 });
    for (let i = 0; i < 300; i++) {
      log.write(i % 10 === 0 ? 'warn' : 'info', message(i));
      // Lines come in bursts with pauses between, as from a working kiosk; files roll in the pauses.
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await log.flush();
    await until('old files removed', () => logFiles(dir).length <= 3);
    await log.close();

    const files = logFiles(dir);
    expect(files).toHaveLength(3);
    // Numbering went on past 3: files were rolled and the oldest removed.
    expect(Number(/\.(\d+)\.log$/.exec(files[0]!)![1])).toBeGreaterThan(3);
    // A file rolls once a write took it to the limit; lines written while it rolls still go to it,
    // so it may run over by a few bursts, never by more than the limit's order.
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThan(4 * 2048);
    const kept = files.flatMap((file) => entries(dir, file));
    // The newest lines, in order, the last one last; pino's JSON with the level by name.
    expect(kept.at(-1)).toMatchObject({ level: 'info', msg: message(299) });
    expect(kept.length).toBeLessThan(300);
    const first = Number(/step (\d+)/.exec(kept[0]!.msg)![1]);
    expect(kept.map((e) => e.msg)).toEqual(Array.from({ length: 300 - first }, (_, k) => message(first + k)));
    expect(kept.find((e) => e.msg === message(first + (10 - (first % 10)) % 10))?.level).toBe('warn');
  });

  it('carries on in the last file after a restart instead of starting another', async () => {
    const dir = join(tempDir(), 'logs');
    const first = await KioskLog.open({ file: join(dir, 'kiosk.log') });
    first.write('info', 'kiosk services started');
    await first.close();
    const second = await KioskLog.open({ file: join(dir, 'kiosk.log') });
    second.write('warn', 'after restart: 1 complete session(s) confirmed');
    await second.close();
    expect(logFiles(dir)).toEqual(['kiosk.1.log']);
    expect(entries(dir, 'kiosk.1.log').map((e) => e.msg)).toEqual(['kiosk services started', 'after restart: 1 complete session(s) confirmed']);
  });

  it('keeps the last lines in memory for exportLogs, one line per entry', async () => {
    const echoed: string[] = [];
    const log = await KioskLog.open({ file: null, keep: 3, echo: (line) => echoed.push(line) });
    for (let i = 0; i < 5; i++) log.write('info', `line ${i}`);
    log.write('error', 'sync loop: Error: boom\n    at step (engine.ts:1)');
    expect(log.lines()).toHaveLength(3);
    expect(log.lines()[2]).toMatch(/^\d{4}-\d\d-\d\dT\S+Z error sync loop: Error: boom \| at step \(engine\.ts:1\)$/);
    expect(echoed).toHaveLength(6);
  });

  it('a log file that cannot be opened costs the file only: the lines stay in memory and say why', async () => {
    const blocked = join(tempDir(), 'not-a-dir');
    writeFileSync(blocked, 'a file where the logs folder should be');
    const log = await KioskLog.open({ file: join(blocked, 'logs', 'kiosk.log') });
    log.write('info', 'still logged');
    await log.flush();
    await until('the failure to be known', () => log.problem !== null);
    expect(log.lines().join('\n')).toMatch(/log file not written: .*ENOTDIR/);
    expect(log.lines()).toContainEqual(expect.stringContaining('info  still logged'));
    await log.close();
  });
});
