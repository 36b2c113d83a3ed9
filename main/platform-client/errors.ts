import type { Meta } from '../../protocol/envelope.ts';

/** The platform answered with a non-zero meta.code. */
export class PlatformError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly detail: string;
  readonly reqId: string | undefined;
  constructor(
    readonly endpoint: string,
    meta: Meta,
    readonly httpStatus: number,
    /** The failure payload, e.g. response.err_list of a 40069. */
    readonly response: unknown,
  ) {
    super(`${endpoint}: meta.code ${meta.code} ${meta.msg}${meta.error ? ` (${meta.error})` : ''}${meta.req_id ? ` [req_id ${meta.req_id}]` : ''}`);
    this.name = 'PlatformError';
    this.code = meta.code;
    this.msg = meta.msg;
    this.detail = meta.error;
    this.reqId = meta.req_id;
  }
}

/** The platform could not be reached or did not answer in time: the call may be retried later. */
export class PlatformUnreachableError extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: 'network' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(`${endpoint}: platform ${reason === 'timeout' ? 'did not answer in time' : 'unreachable'}`, options);
    this.name = 'PlatformUnreachableError';
  }
}

/** The platform answered something that is not the specified shape. */
export class PlatformProtocolError extends Error {
  constructor(
    readonly endpoint: string,
    readonly httpStatus: number,
    detail: string,
  ) {
    super(`${endpoint}: unexpected answer (HTTP ${httpStatus}): ${detail}`);
    this.name = 'PlatformProtocolError';
  }
}
