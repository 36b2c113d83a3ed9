/**
 * How a failed kiosk API call reaches the UI: every method of the client rejects with this, its
 * `code` one of the contract's (KioskApiErrorShape), so screens switch on the code and show the
 * message. Transport failures (kiosk process gone, connection refused) are `internal`, and a lost
 * or refused connection is `forbidden`.
 */
import { isKioskErrorCode, KioskApiError } from '../../common/kiosk/api-error.ts';

/** The {ok, output} | {ok:false, error} envelope both transports answer; anything else is a broken transport. */
export function unwrapResult(result: unknown): unknown {
  if (typeof result === 'object' && result !== null) {
    const envelope = result as { ok?: unknown; output?: unknown; error?: { code?: unknown; message?: unknown; field?: unknown; ref?: unknown } };
    if (envelope.ok === true) return envelope.output;
    const error = envelope.error;
    if (envelope.ok === false && error && isKioskErrorCode(error.code)) {
      throw new KioskApiError(
        error.code,
        typeof error.message === 'string' ? error.message : error.code,
        typeof error.field === 'string' ? error.field : undefined,
        typeof error.ref === 'string' ? error.ref : undefined,
      );
    }
  }
  throw new KioskApiError('internal', 'The kiosk answered something that is not a kiosk API result.');
}
