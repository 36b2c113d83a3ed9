/**
 * The load of `npm run bench:http`, run as its own process so the client's CPU is not the
 * server's (autocannon's model: N connections, one request in flight on each, for a fixed
 * time). Takes one JSON argument (LoadSpec); prints `start` and `end` lines when the measured
 * window opens and closes (the parent reads its own CPU time then), then one JSON line (LoadResult).
 * undici rather than autocannon: it is already a dependency, and this is all of autocannon the
 * benchmark uses (D-054). Requests go through undici's dispatch handlers, with no stream or
 * promise per answer, and each answer is checked on its status and first bytes only
 * (answer-check.ts): on two cores the load process shares the machine with the server and limits
 * the bare route, so its own cost per answer must be small and the same for every target (D-089).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { AnswerCheck } from './answer-check.ts';

export interface LoadSpec {
  readonly origin: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Every answer must start with this, or it counts as an error (a 1001 is HTTP 200 too). */
  readonly expectPrefix: string;
}

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly elapsedMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Body bytes received in the measured window, as sent (compressed when gzip-encoded). */
  readonly bodyBytes: number;
  /** This load process's own CPU time in the measured window (ms): when it nears the window, the client sets the pace. */
  readonly clientCpuMs: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** One request in flight at a time on one connection: the next is sent when the answer ends. */
class Connection implements Dispatcher.DispatchHandler {
  readonly #check: AnswerCheck;
  #sentAt = 0;

  constructor(
    private readonly send: (handler: Connection) => void,
    private readonly answered: (connection: Connection, ok: boolean, sentAt: number, bodyBytes: number) => void,
    expectPrefix: string,
  ) {
    this.#check = new AnswerCheck(expectPrefix);
  }

  next(): void {
    this.#sentAt = performance.now();
    this.send(this);
  }

  /** Present so undici takes this for a handler of its current interface (it looks for this method). */
  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.#check.start(statusCode, headers['content-encoding']);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#check.data(chunk);
  }

  onResponseEnd(): void {
    this.answered(this, this.#check.passed(), this.#sentAt, this.#check.bodyLength);
  }

  onResponseError(): void {
    this.answered(this, false, this.#sentAt, 0);
  }
}

function drive(spec: LoadSpec): Promise<LoadResult> {
  const pool = new Pool(spec.origin, { connections: spec.connections, pipelining: 1 });
  const request: Dispatcher.DispatchOptions = { path: spec.path, method: 'GET', headers: spec.headers };
  const warmEnd = performance.now() + spec.warmupMs;
  let measuring = false;
  let ended = false;
  let start = 0;
  let end = Infinity;
  let requests = 0;
  let errors = 0;
  let bodyBytes = 0;
  let open = spec.connections;
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  let clientCpuMs = NaN;
  const latencies: number[] = [];
  return new Promise((resolve) => {
    const finish = (): void => {
      const elapsedMs = end - start;
      latencies.sort((a, b) => a - b);
      void pool.close().then(() => resolve({ requests, errors, elapsedMs, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), bodyBytes, clientCpuMs }));
    };
    // Answers that end within [start, end) count; the window closes at the first answer after it.
    const answered = (connection: Connection, ok: boolean, sentAt: number, bytes: number): void => {
      const now = performance.now();
      if (measuring && now < end) {
        latencies.push(now - sentAt);
        bodyBytes += bytes;
        if (ok) requests++;
        else errors++;
      }
      if (!measuring && now >= warmEnd) {
        measuring = true;
        start = now;
        end = now + spec.durationMs;
        cpuAtStart = process.cpuUsage();
        process.stdout.write('start\n');
      }
      if (measuring && now >= end) {
        if (!ended) {
          const used = process.cpuUsage(cpuAtStart ?? undefined);
          clientCpuMs = (used.user + used.system) / 1000;
          process.stdout.write('end\n');
        }
        ended = true;
        if (--open === 0) finish();
        return;
      }
      connection.next();
    };
    const send = (handler: Connection): void => {
      pool.dispatch(request, handler);
    };
    for (let i = 0; i < spec.connections; i++) {
      new Connection(send, answered, spec.expectPrefix).next();
    }
  });
}

// The parent imports only the types above (erased), so this runs only as the load process.
const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
process.stdout.write(`${JSON.stringify(await drive(spec))}\n`);
