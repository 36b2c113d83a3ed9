import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** token: header access-token required; none: token endpoints and the signed pull. */
export type EndpointAuth = 'token' | 'none';

/**
 * One endpoint of the wire: the platform routes and the kiosk's client are both typed by it,
 * so the two sides cannot drift (STYLE.md: One contract per boundary).
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
  S extends boolean = boolean,
> {
  readonly method: HttpMethod;
  /** Path with `{name}` placeholders for path parameters. */
  readonly path: string;
  /**
   * token: header access-token required; none: token endpoints and the signed pull. Kept as a
   * literal type, so the platform's route kit types a handler's caller from it.
   */
  readonly auth: A;
  /** The call acts on one merchant: the merchant-id header applies (required with a group-level token). */
  readonly merchantScoped: S;
  /** false for the direct detection endpoints, which answer their payload bare. */
  readonly enveloped: boolean;
  readonly query?: Q;
  readonly body?: B;
  readonly params?: P;
  readonly response: R;
}

export function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends z.ZodType, A extends EndpointAuth, S extends boolean>(
  def: Endpoint<Q, B, R, P, A, S>,
): Endpoint<Q, B, R, P, A, S> {
  return def;
}

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify's route syntax for the same path: `{status}` becomes `:status`. */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
