/**
 * How a failed kiosk API call reaches the UI: every method of the client rejects with this, its
 * `code` one of the contract's (KioskApiErrorShape), so screens switch on the code and show the
 * message. Transport failures (kiosk process gone, connection refused) are `internal`, and a lost
 * or refused connection is `forbidden`.
 */
import type { KioskApiErrorShape } from '../../main/kiosk-api/types.ts';

export class KioskApiError extends Error implements KioskApiErrorShape {
  constructor(
    readonly code: KioskApiErrorShape['code'],
    message: string,
    /** The input field at fault, for invalid_input (`customer.name`). */
    readonly field?: string,
    /** A reference the kiosk log holds the details under, for internal errors. */
    readonly ref?: string,
  ) {
    super(message);
    this.name = 'KioskApiError';
  }
}

const CODES: ReadonlySet<string> = new Set(['invalid_input', 'not_found', 'forbidden', 'conflict', 'device', 'platform', 'internal']);

/** The {ok, output} | {ok:false, error} envelope both transports answer; anything else is a broken transport. */
export function unwrapResult(result: unknown): unknown {
  if (typeof result === 'object' && result !== null) {
    const envelope = result as { ok?: unknown; output?: unknown; error?: { code?: unknown; message?: unknown; field?: unknown; ref?: unknown } };
    if (envelope.ok === true) return envelope.output;
    const error = envelope.error;
    if (envelope.ok === false && error && typeof error.code === 'string' && CODES.has(error.code)) {
      throw new KioskApiError(
        error.code as KioskApiErrorShape['code'],
        typeof error.message === 'string' ? error.message : error.code,
        typeof error.field === 'string' ? error.field : undefined,
        typeof error.ref === 'string' ? error.ref : undefined,
      );
    }
  }
  throw new KioskApiError('internal', 'The kiosk answered something that is not a kiosk API result.');
}
