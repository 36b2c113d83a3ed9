/**
 * Stopping the platform or the kiosk, or timing out a job, while a worker is inside a model run
 * must not take the process down. onnxruntime-node aborts the whole process when a worker thread
 * is terminated during session.run ("terminate called after throwing an instance of
 * 'Napi::Error'"), so the analysis pool (platform) and the live check (kiosk) retire workers
 * between runs instead. Each trial is a fresh process; the moments vary.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function trial(child: 'pool-child.ts' | 'live-check-child.ts', mode: 'close' | 'timeout', delayMs: number) {
  const script = fileURLToPath(new URL(`./${child}`, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, mode, String(delayMs)], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(run.stderr).not.toContain('terminate called');
  return { delayMs, status: run.status, signal: run.signal, out: run.stdout.trim() };
}

const survived = (delayMs: number) => ({ delayMs, status: 0, signal: null, out: 'ok' });

describe('workers stopped in the middle of a model run', () => {
  it('platform: closes the analysis pool at any moment without aborting the process', () => {
    for (const delayMs of [0, 3, 7, 15, 40, 90]) expect(trial('pool-child.ts', 'close', delayMs)).toEqual(survived(delayMs));
  }, 300_000);

  it('platform: fails jobs over their time limit, stays alive and keeps serving', () => {
    for (const delayMs of [0, 20, 50]) expect(trial('pool-child.ts', 'timeout', delayMs)).toEqual(survived(delayMs));
  }, 300_000);

  it('kiosk: closes the live check at any moment without aborting the process', () => {
    for (const delayMs of [0, 5, 10, 20, 30]) expect(trial('live-check-child.ts', 'close', delayMs)).toEqual(survived(delayMs));
  }, 300_000);

  it('kiosk: times out live checks without aborting the process', () => {
    for (const delayMs of [0, 30]) expect(trial('live-check-child.ts', 'timeout', delayMs)).toEqual(survived(delayMs));
  }, 300_000);
});
