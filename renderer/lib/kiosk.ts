/**
 * The renderer's one door to main (DESIGN.md: the renderer talks to main only through the typed
 * kiosk API). Stores call `kiosk()` when an action runs, not at import, so the client picks the
 * Electron bridge or the browser-host connection once the page has loaded.
 */
import { getKioskApi } from '../api/index.ts';
import type { KioskApi, KioskApiErrorShape } from '../../main/kiosk-api/types.ts';
import { isKioskErrorCode } from '../../common/kiosk/api-error.ts';

export function kiosk(): KioskApi {
  return getKioskApi();
}

/** The stable code of a rejected kiosk API call, or 'internal' for anything else thrown. */
export function errorCode(error: unknown): KioskApiErrorShape['code'] {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (isKioskErrorCode(code)) return code;
  }
  return 'internal';
}

/** A message fit for the screen: the API's own, or the Error's. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return String(error);
}

/**
 * A failed call as the customer screens show it: its code picks the sentence in the customer's
 * language, its message (main's English, technical) is shown small for staff (CallError).
 */
export interface CallFailure {
  readonly code: KioskApiErrorShape['code'];
  readonly message: string;
  /** The input at fault of an invalid_input refusal (`customer.email`), when main named one. */
  readonly field?: string;
}

export function failureOf(error: unknown): CallFailure {
  const field = typeof error === 'object' && error !== null && 'field' in error ? (error as { field: unknown }).field : undefined;
  const failure = { code: errorCode(error), message: errorMessage(error) };
  return typeof field === 'string' ? { ...failure, field } : failure;
}

/**
 * Main's refusal of a new customer whose mobile number another customer has (D-131): the form
 * asks whether they have been here before instead of showing an error.
 */
export function isPhoneRegistered(failure: CallFailure | null): boolean {
  return failure !== null && failure.code === 'conflict' && failure.field === 'customer.phoneNumber';
}

export function sameFailure(a: CallFailure | null, b: CallFailure | null): boolean {
  return a === b || (a !== null && b !== null && a.code === b.code && a.message === b.message && a.field === b.field);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
