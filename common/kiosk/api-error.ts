/**
 * How a failed kiosk API call is named on both sides of the renderer/main boundary: the stable
 * codes, the shape a failure crosses the boundary in, and the Error both sides throw. Runtime-free
 * (D-036): main's services throw it, main's transport recognises its codes, and the renderer's
 * clients rebuild it from the answer, from this one file.
 */

/** Every code a kiosk API failure may carry; screens switch on them (docs/kiosk-shell.md). */
export const KIOSK_ERROR_CODES = ['invalid_input', 'not_found', 'forbidden', 'conflict', 'device', 'platform', 'internal'] as const;

export type KioskErrorCode = (typeof KIOSK_ERROR_CODES)[number];

/** How a failed call reaches the renderer: a stable code and a message for the screen. */
export interface KioskApiErrorShape {
  readonly code: KioskErrorCode;
  readonly message: string;
}

export function isKioskErrorCode(value: unknown): value is KioskErrorCode {
  return (KIOSK_ERROR_CODES as readonly unknown[]).includes(value);
}

/**
 * Thrown by main's services (any Error with one of the codes as `code` passes too) and by every
 * method of the renderer's client. Messages are written for the screen (staff or technician),
 * never with stack traces or secrets.
 */
export class KioskApiError extends Error implements KioskApiErrorShape {
  constructor(
    readonly code: KioskErrorCode,
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
