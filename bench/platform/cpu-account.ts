/**
 * CPU time over a stretch of a benchmark, read from Linux's /proc: the whole machine's busy time
 * and the time of chosen processes (all their threads). bench:scale uses it to say where a task's
 * CPU goes and how far a second worker process can lift throughput on the cores this machine has
 * (docs/scaling.md): a figure measured in the same run, next to the ratio it bounds.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc's counters (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** Busy ticks of all cores: user, nice, system, irq, softirq and steal (idle and iowait left out). */
export function machineBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/** User and system ticks of one process, all its threads; 0 once it has gone. */
export function processTicks(pid: number): number {
  try {
    // The command name may hold spaces or parentheses: the fields start after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

export interface CpuSpent {
  /** Seconds of CPU the whole machine spent, every process on it. */
  readonly machineSeconds: number;
  /** Seconds of CPU the watched processes spent, together. */
  readonly watchedSeconds: number;
  readonly wallSeconds: number;
}

/** Starts a window over the machine and the processes `pids`; the returned function closes it. */
export function cpuWindow(pids: readonly number[]): () => CpuSpent {
  const machineStart = machineBusyTicks();
  const watchedStart = pids.reduce((sum, pid) => sum + processTicks(pid), 0);
  const wallStart = performance.now();
  return () => ({
    machineSeconds: (machineBusyTicks() - machineStart) / TICKS_PER_SECOND,
    watchedSeconds: (pids.reduce((sum, pid) => sum + processTicks(pid), 0) - watchedStart) / TICKS_PER_SECOND,
    wallSeconds: (performance.now() - wallStart) / 1000,
  });
}

export interface ScalingCeiling {
  /** CPU seconds per task in the worker process. */
  readonly workerSecondsPerTask: number;
  /** CPU seconds per task everywhere else: API node, database, object store, the bench, the rest of the machine. */
  readonly restSecondsPerTask: number;
  /** The most a second worker process can multiply one worker's throughput by on `cores` cores. */
  readonly ceiling: number;
}

/**
 * From one worker's run: a second worker adds at most one worker's rate, and together everything
 * a task costs, in the worker and elsewhere, cannot use more than the machine's cores. So two
 * workers reach at most min(2 x rate, cores / (CPU seconds per task)) tasks per second.
 */
export function scalingCeiling(oneWorker: CpuSpent, tasks: number, cores = availableParallelism()): ScalingCeiling {
  const workerSecondsPerTask = oneWorker.watchedSeconds / tasks;
  const totalPerTask = oneWorker.machineSeconds / tasks;
  const rate = tasks / oneWorker.wallSeconds;
  const ceiling = Math.min(2 * rate, cores / totalPerTask) / rate;
  return { workerSecondsPerTask, restSecondsPerTask: totalPerTask - workerSecondsPerTask, ceiling };
}
