/**
 * How failures leave main: exactly one function (`toErrorShape`) turns anything thrown by a
 * KioskApi implementation into the KioskApiErrorShape the renderer sees (STYLE.md: Errors and
 * envelopes). Known errors keep their code and message; everything else becomes `internal` with a
 * reference to quote, and its message and stack go to the log only.
 */
import { randomBytes } from 'node:crypto';
import { isKioskErrorCode, type KioskApiErrorShape, type KioskErrorCode } from '../../common/kiosk/api-error.ts';

/** What a failed call answers: the contract's shape plus, where known, the field and a log reference. */
export interface KioskCallError extends KioskApiErrorShape {
  /** The input path at fault (`customer.name`), for invalid_input. */
  readonly field?: string;
  /** Quote to support: the same id is in the kiosk log with the full error. */
  readonly ref?: string;
}

export type ErrorLogger = (message: string, error: unknown) => void;

const MAX_MESSAGE = 500;

function isKnownError(error: unknown): error is { code: KioskErrorCode; message: string; field?: unknown } {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // Node's own errors carry codes too (ENOENT, ERR_*): only the contract's codes pass through.
  return typeof message === 'string' && isKioskErrorCode(code);
}

export function toErrorShape(error: unknown, log: ErrorLogger): KioskCallError {
  if (isKnownError(error)) {
    const message = error.message.length > MAX_MESSAGE ? `${error.message.slice(0, MAX_MESSAGE)}…` : error.message;
    const field = typeof error.field === 'string' ? error.field : undefined;
    return field === undefined ? { code: error.code, message } : { code: error.code, message, field };
  }
  const ref = randomBytes(6).toString('hex');
  log(`kiosk API internal error ref=${ref}`, error);
  return { code: 'internal', message: `Something went wrong inside the kiosk (reference ${ref}).`, ref };
}
