/**
 * The one entry through which every kiosk API call reaches the implementation, whatever carried
 * it (Electron IPC or the browser host). In order: the method must be a key of the contract, the
 * connection must hold the method's PRIVILEGED role, the input must pass the method's schema, then
 * the implementation runs; its output is checked against the output schema when `validateOutput`
 * is on (development and tests); anything thrown is mapped by errors.ts. Never throws.
 */
import type { z } from 'zod';
import { kioskApiContract, PRIVILEGED } from '../kiosk-api/contract.ts';
import type { KioskApi, KioskMethod } from '../kiosk-api/types.ts';
import { toErrorShape, type ErrorLogger, type KioskCallError } from './errors.ts';
import type { ConnectionSession } from './session.ts';

export type KioskCallResult = { readonly ok: true; readonly output: unknown } | { readonly ok: false; readonly error: KioskCallError };

export interface DispatchOptions {
  /** Check outputs against the contract. Default: on unless NODE_ENV is "production". */
  readonly validateOutput?: boolean;
  /** Where internal errors are written with their stack. Inputs are never logged (PINs, app secrets). */
  readonly log?: ErrorLogger;
}

const defaultLog: ErrorLogger = (message, error) => console.error(message, error);

export function isKioskMethod(method: unknown): method is KioskMethod {
  return typeof method === 'string' && Object.hasOwn(kioskApiContract, method);
}

export function outputValidationDefault(): boolean {
  return process.env.NODE_ENV !== 'production';
}

/** `customer.name: Too small…` and the field path of the first issue. */
function describeIssues(error: z.ZodError): { message: string; field: string } {
  const lines = error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || '(input)'}: ${issue.message}`);
  return { message: lines.join('; '), field: error.issues[0]?.path.map(String).join('.') ?? '' };
}

export async function dispatch(api: KioskApi, method: string, rawInput: unknown, session: ConnectionSession, options: DispatchOptions = {}): Promise<KioskCallResult> {
  const log = options.log ?? defaultLog;
  if (!isKioskMethod(method)) return { ok: false, error: { code: 'not_found', message: `Unknown kiosk API method: ${method.slice(0, 64)}` } };

  const required = PRIVILEGED[method];
  if (required && !session.authorize(required)) {
    return { ok: false, error: { code: 'forbidden', message: `This needs the ${required} PIN (again after ${Math.round(session.roleIdleMs / 60_000)} idle minutes).` } };
  }
  if (method === 'verifyPin') {
    const wait = session.pinLockRemainingMs();
    if (wait > 0) return { ok: false, error: { code: 'forbidden', message: `Too many wrong PINs: try again in ${Math.ceil(wait / 1000)} s.` } };
  }

  const schemas = kioskApiContract[method];
  const parsed = schemas.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const { message, field } = describeIssues(parsed.error);
    return { ok: false, error: { code: 'invalid_input', message, field } };
  }

  // Roles live in the connection, not in the implementation: locking is the transport's, and it
  // holds whatever the implementation answers.
  if (method === 'lock') session.revokeAll();

  let output: unknown;
  try {
    // The contract types each method by name; the union of all of them is what a runtime key gives.
    const call = api[method] as (input: unknown) => Promise<unknown>;
    output = await call.call(api, parsed.data);
  } catch (error) {
    return { ok: false, error: toErrorShape(error, log) };
  }

  if (method === 'verifyPin') {
    const input = parsed.data as z.output<(typeof kioskApiContract)['verifyPin']['input']>;
    session.recordPinResult(input.role, (output as { ok?: unknown } | null)?.ok === true);
  }

  if (options.validateOutput ?? outputValidationDefault()) {
    const checked = schemas.output.safeParse(output);
    if (!checked.success) {
      const { message } = describeIssues(checked.error);
      return { ok: false, error: toErrorShape(new Error(`${method} returned output that breaks the contract: ${message}`), log) };
    }
  }
  return { ok: true, output };
}
