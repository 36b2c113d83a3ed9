// bench:scale says where a task's CPU goes and how far a second worker can lift throughput on this
// machine's cores (bench/platform/cpu-account.ts): the counters must see CPU spent, and the bound is
// the smaller of twice one worker and the cores over the CPU a task costs everywhere.
import { describe, expect, it } from 'vitest';
import { cpuWindow, machineBusyTicks, processTicks, scalingCeiling } from '../../../bench/platform/cpu-account.ts';

/** Spins this thread for `ms` milliseconds of wall time: CPU time the counters must see. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('bench CPU accounting (bench:scale)', () => {
  it('reads this process and the machine spending CPU', () => {
    const before = processTicks(process.pid);
    const machineBefore = machineBusyTicks();
    spin(300);
    // At 100 ticks a second, 300 ms of spinning is about 30 ticks; a slice lost to other processes still leaves most.
    expect(processTicks(process.pid) - before).toBeGreaterThanOrEqual(10);
    expect(machineBusyTicks() - machineBefore).toBeGreaterThanOrEqual(processTicks(process.pid) - before - 2);
  });

  it('reads 0 for a process that is not there', () => {
    expect(processTicks(2 ** 22 + 1)).toBe(0);
  });

  it('a window counts the watched processes within the machine', () => {
    const close = cpuWindow([process.pid]);
    spin(200);
    const spent = close();
    expect(spent.watchedSeconds).toBeGreaterThan(0.05);
    expect(spent.machineSeconds + 0.02).toBeGreaterThanOrEqual(spent.watchedSeconds);
    expect(spent.wallSeconds).toBeGreaterThanOrEqual(0.2);
  });

  it('bounds a second worker by the cores left, and by twice one worker', () => {
    // One worker: 10 tasks in 2.5 s (4/s), 2.5 s of its CPU, 3.75 s of the machine's: 0.25 s and 0.125 s per task.
    const measured = { wallSeconds: 2.5, watchedSeconds: 2.5, machineSeconds: 3.75 };
    const twoCores = scalingCeiling(measured, 10, 2);
    expect(twoCores.workerSecondsPerTask).toBeCloseTo(0.25);
    expect(twoCores.restSecondsPerTask).toBeCloseTo(0.125);
    // Two cores take 2 / 0.375 = 5.33 tasks/s: 1.33 times one worker's 4.
    expect(twoCores.ceiling).toBeCloseTo(4 / 3);
    // Eight cores: the second worker adds a whole worker's rate, no more.
    expect(scalingCeiling(measured, 10, 8).ceiling).toBe(2);
  });
});
