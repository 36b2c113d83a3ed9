import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OpsCodes } from '../../protocol/ops-codes.ts';
import type { Clock } from '../clock.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { ApiError } from './api-error.ts';
import { RateLimitRepository } from './rate-limit-repository.ts';
import { isUnstorableText } from './storable-text.ts';

export interface RateLimitSettings {
  /** Requests of one key per window; 0 turns the limit off. */
  readonly max: number;
  readonly windowSeconds: number;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Sweeps of expired counters run at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in the platform database (D-052), so every process on one PostgreSQL server shares
 * them; @fastify/rate-limit's own store counts per process, which N nodes would multiply by N.
 */
function sqlStore(repository: RateLimitRepository, clock: Clock): new () => FastifyRateLimitStore {
  let lastSweep = 0;
  return class SqlRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      repository.hit(key, now, timeWindow).then(
        (count) => callback(null, { current: count.hits, ttl: Math.max(0, count.windowStart + timeWindow - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        // Best effort: a failed sweep leaves rows that the next one removes.
        repository.sweep(now - Math.max(timeWindow, SWEEP_EVERY_MS) * 2).catch(() => {});
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in with `tokenRateLimit`. A
 * refusal is the envelope with 429 (OpsCodes.TOO_MANY_REQUESTS, D-052) and a Retry-After header;
 * a database that cannot count answers 503 like every other request that needs it.
 */
export async function installRateLimits(app: FastifyInstance, sql: SqlDatabase, clock: Clock): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: sqlStore(new RateLimitRepository(sql), clock),
    errorResponseBuilder: (_request, context) => new ApiError(OpsCodes.TOO_MANY_REQUESTS, `retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`),
  });
}

/**
 * The app_id of a token request, as its counter's key. The counter is written before the route
 * checks the query, so an app_id no store keeps (U+0000 reached PostgreSQL and answered 500)
 * counts with the other malformed ones under '', and the route then refuses it (D-103).
 */
function appIdOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const appId = query?.app_id;
  return typeof appId === 'string' && !isUnstorableText(appId) ? appId : '';
}

/**
 * The limit of the token endpoints (D-052): per app_id and client address together, so a caller
 * that knows another integration's app_id (it is no secret) cannot lock that integration out,
 * and stores behind one address do not share one budget across their apps. Both token endpoints
 * count in one bucket: they issue the same tokens (D-006).
 */
export function tokenRateLimit(settings: RateLimitSettings): RateLimitOptions | false {
  if (settings.max === 0) return false;
  return {
    max: settings.max,
    timeWindow: settings.windowSeconds * 1000,
    keyGenerator: (request) => `token|${appIdOf(request)}|${request.ip}`,
  };
}
