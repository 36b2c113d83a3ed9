// Timing helpers of the vision-face benchmark: medians over repeated runs, the CPU share of a
// paced loop, and the printed table (ratios against the baseline measured in the same run).
import { setTimeout as sleep } from 'node:timers/promises';

export interface Row {
  readonly label: string;
  readonly ms: number;
  /** Mean process CPU time per call, ms: unlike wall time, not inflated by waiting for a busy CPU. */
  readonly cpuMs?: number;
  /** Baseline of this run (wall median and mean CPU): the table prints both ratios. */
  readonly base: { readonly ms: number; readonly cpuMs: number };
  /** An extra ratio column (e.g. human / ours). */
  readonly ratio?: number;
}

export interface Timing {
  /** Every call's wall time, ms. */
  readonly wall: number[];
  /** Mean process CPU time (user + system, all threads) per call, ms. */
  readonly cpu: number;
}

/** Runs fn on every item, `reps` rounds; `prepare` runs untimed before each call. */
export async function timeIt<T>(items: readonly T[], reps: number, fn: (item: T) => Promise<unknown>, prepare?: (item: T) => Promise<unknown>): Promise<Timing> {
  const wall: number[] = [];
  let cpuMicros = 0;
  for (let r = 0; r < reps; r++) {
    for (const item of items) {
      if (prepare) await prepare(item);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await fn(item);
      wall.push(performance.now() - t0);
      const used = process.cpuUsage(cpu0);
      cpuMicros += used.user + used.system;
    }
  }
  return { wall, cpu: cpuMicros / 1000 / wall.length };
}


/**
 * Calls fn at `fps` for `durationMs` (skipping ahead when a call overruns its slot) and returns
 * the process CPU time over wall time: 1.0 = one core fully busy.
 */
export async function cpuShareAt(fps: number, durationMs: number, fn: () => Promise<unknown>): Promise<{ cpu: number; frames: number; late: number }> {
  const period = 1000 / fps;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let next = start;
  let frames = 0;
  let late = 0;
  while (performance.now() - start < durationMs) {
    await fn();
    frames++;
    next += period;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else {
      late++;
      next = performance.now();
    }
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000 / wall, frames, late };
}

export function printTable(rows: readonly Row[]): void {
  const width = Math.max(...rows.map((r) => r.label.length));
  const hasRatio = rows.some((r) => r.ratio !== undefined);
  console.log(`  ${'stage'.padEnd(width)}  wall ms (median)  x base  CPU ms/call  x base${hasRatio ? '    ratio' : ''}`);
  for (const r of rows) {
    const cpu = r.cpuMs === undefined ? ['', ''] : [r.cpuMs.toFixed(2), (r.cpuMs / r.base.cpuMs).toFixed(1)];
    const ratio = r.ratio === undefined ? '' : `  ${r.ratio.toFixed(1).padStart(6)}x`;
    console.log(
      `  ${r.label.padEnd(width)}  ${r.ms.toFixed(2).padStart(16)}  ${(r.ms / r.base.ms).toFixed(1).padStart(6)}  ${cpu[0]!.padStart(11)}  ${cpu[1]!.padStart(6)}${ratio}`,
    );
  }
}
