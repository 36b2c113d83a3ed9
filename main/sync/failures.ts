/**
 * What the engine does about an error (docs/kiosk-sync.md, "Failures"): network failures and
 * wrong settings back off and retry by themselves (nothing is ever dropped); a refusal of the
 * work itself fails the stage with its code, for staff to see and retry.
 */
import { Codes } from '../../protocol/codes.ts';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { PlatformError, PlatformProtocolError, PlatformUnreachableError } from '../platform-client/errors.ts';
import type { SyncFailure, SyncWaiting } from './types.ts';
import { CaptureIntegrityError } from './types.ts';

/** Codes that mean "a setting of this kiosk or merchant is wrong", with what to check. */
const CONFIG_CODES: ReadonlyMap<number, string> = new Map([
  [Codes.MERCHANT_INVALID.code, 'The platform refused the app credentials (44098): check the app id and app secret in Settings, and that the app belongs to this merchant.'],
  [DeviceSyncCodes.STORE_NOT_FOUND.code, 'The platform does not know this store number (46202): check the store custom id in Settings.'],
  [DeviceSyncCodes.ACCOUNT_NOT_FOUND.code, 'The platform does not know the employee account (46206): check the account id in the kiosk configuration.'],
  [TaskCodes.NO_VALID_ORDER.code, 'The merchant has no valid Skin API order (45020): the merchant must renew its order; analysis resumes by itself.'],
  [TaskCodes.QUOTA_EXHAUSTED.code, 'The merchant has used up its analysis quota (45021): the merchant must top it up; analysis resumes by itself.'],
  [DeviceSyncCodes.TIME_AHEAD.code, 'The kiosk clock is ahead of the platform clock (46209): set this computer to take its time automatically; the queue goes on by itself.'],
]);

/** Not a refusal of the work: a fault of the service or of the way there. */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([Codes.SYSTEM_ERROR.code, Codes.TOKEN_INVALID.code]);

/** The failure code of a call never sent: the kiosk has no platform connection set up. */
const NOT_CONFIGURED = 'not_configured';

export function classifyFailure(error: unknown): SyncFailure {
  if (error instanceof PlatformUnreachableError) return { kind: 'network', message: error.message };
  if (error instanceof PlatformError) {
    const advice = CONFIG_CODES.get(error.code);
    if (advice) return { kind: 'config', code: String(error.code), message: advice };
    if (TRANSIENT_CODES.has(error.code)) return { kind: 'transient', code: String(error.code), message: error.message };
    return { kind: 'refused', code: String(error.code), message: error.message };
  }
  if (error instanceof PlatformProtocolError) return { kind: 'transient', code: 'protocol', message: error.message };
  if (error instanceof CaptureIntegrityError) return { kind: 'refused', code: error.code, message: error.message };
  if (error instanceof NotConfiguredError) return { kind: 'config', code: NOT_CONFIGURED, message: error.message };
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'local_error';
  return { kind: 'transient', code, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether the platform answered, for the kiosk's online/offline status: a refusal or an error
 * answer is contact; a network failure is not, nor is a call never sent because the connection
 * is not set up (D-111: the status read "Online" on a kiosk with no platform settings).
 */
export function reachedPlatform(failure: SyncFailure): boolean {
  return failure.kind !== 'network' && failure.code !== NOT_CONFIGURED;
}

/** The kiosk has no platform connection set up (no app id, secret or store number). */
export class NotConfiguredError extends Error {
  constructor(what: string) {
    super(`The platform connection is not set up: ${what}. Set it in Settings (technician).`);
    this.name = 'NotConfiguredError';
  }
}

export interface BackoffConfig {
  /** First retry after about this long. */
  readonly baseMs: number;
  /** Never wait longer than this between two tries. */
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffConfig = { baseMs: 2000, maxMs: 5 * 60_000 };

/**
 * Exponential backoff with "equal jitter": half the exponential delay fixed, half random, so
 * kiosks that lost the network together do not come back in step, yet none retries at once.
 */
export function backoffDelay(attempt: number, config: BackoffConfig, random: () => number = Math.random): number {
  const exp = Math.min(config.maxMs, config.baseMs * 2 ** Math.max(0, Math.min(30, attempt - 1)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** What a job waits for after this failure; null for failures that retry on their own. */
export function waitingOf(failure: SyncFailure): SyncWaiting | null {
  return failure.kind === 'network' ? 'network' : failure.kind === 'config' ? 'config' : null;
}

/** The code shown to staff: the platform's, or `unreachable` for the network. */
export function failureCode(failure: SyncFailure): string {
  return failure.kind === 'network' ? 'unreachable' : failure.code;
}
