/**
 * The load of `npm run bench:http`, run as its own process so the client's CPU is not the
 * server's (autocannon's model: N connections, one request in flight on each, for a fixed
 * time). Takes one JSON argument (LoadSpec); prints `start` and `end` lines when the measured
 * window opens and closes (the parent reads its own CPU time then), then one JSON line (LoadResult).
 * undici rather than autocannon: it is already a dependency, and this is all of autocannon the
 * benchmark uses (D-054).
 */
import { Pool } from 'undici';
import { decodeBody } from '../../main/platform-client/transport.ts';

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
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

async function drive(spec: LoadSpec): Promise<LoadResult> {
  const pool = new Pool(spec.origin, { connections: spec.connections, pipelining: 1 });
  const warmEnd = performance.now() + spec.warmupMs;
  let measuring = false;
  let ended = false;
  let start = 0;
  let end = 0;
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const connection = async (): Promise<void> => {
    for (;;) {
      const now = performance.now();
      if (!measuring && now >= warmEnd) {
        measuring = true;
        start = now;
        end = now + spec.durationMs;
        process.stdout.write('start\n');
      }
      if (measuring && now >= end) {
        if (!ended) process.stdout.write('end\n');
        ended = true;
        return;
      }
      const sent = performance.now();
      try {
        const res = await pool.request({ path: spec.path, method: 'GET', headers: spec.headers });
        // Decoded as the kiosk's client decodes (a request that asked for gzip may get it; D-081).
        const body = decodeBody(res.headers, Buffer.from(await res.body.arrayBuffer())).toString('utf8');
        if (!measuring) continue;
        latencies.push(performance.now() - sent);
        if (res.statusCode === 200 && body.startsWith(spec.expectPrefix)) requests++;
        else errors++;
      } catch {
        if (measuring) errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, connection));
  const elapsedMs = performance.now() - start;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { requests, errors, elapsedMs, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

// The parent imports only the types above (erased), so this runs only as the load process.
const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
process.stdout.write(`${JSON.stringify(await drive(spec))}\n`);
