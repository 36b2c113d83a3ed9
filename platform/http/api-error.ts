import type { CodeInfo } from '../../protocol/codes.ts';
import { Codes } from '../../protocol/codes.ts';

/**
 * The one error type route handlers and services throw. The error handler turns it into the
 * envelope; nothing else writes error bodies (STYLE.md: Errors and envelopes).
 */
export class ApiError extends Error {
  constructor(
    readonly info: CodeInfo,
    /** Goes to meta.error: which field or rule failed. Never internal details. */
    readonly detail = '',
    /** Payload for failures that carry one (40069 err_list). */
    readonly response: Record<string, unknown> = {},
  ) {
    super(detail ? `${info.msg}: ${detail}` : info.msg);
    this.name = 'ApiError';
  }
}

export function invalidParam(detail: string): ApiError {
  return new ApiError(Codes.INVALID_PARAM, detail);
}

export function tokenInvalid(): ApiError {
  return new ApiError(Codes.TOKEN_INVALID);
}
