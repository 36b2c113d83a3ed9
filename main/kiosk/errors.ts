/**
 * Failures of the kiosk services, in the contract's codes (KioskApiErrorShape): the transport
 * passes `code` and `message` through unchanged, so messages here are written for the screen
 * (staff or technician), never with stack traces or secrets.
 */
import { KioskApiError } from '../../common/kiosk/api-error.ts';

export const notFound = (what: string): KioskApiError => new KioskApiError('not_found', `${what} was not found.`);
export const conflict = (message: string): KioskApiError => new KioskApiError('conflict', message);
export const invalid = (message: string, field?: string): KioskApiError => new KioskApiError('invalid_input', message, field);
export const deviceError = (message: string): KioskApiError => new KioskApiError('device', message);
