import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { z } from 'zod';
import type { CodeInfo } from '../../protocol/codes.ts';
import { routePath, type Endpoint, type HttpMethod } from '../../protocol/endpoint.ts';
import type { Checked } from '../../protocol/open-api/validation.ts';
import { ApiError } from '../http/api-error.ts';
import type { EarlyAnswers } from '../http/early-answers.ts';
import type { RawJson } from '../http/raw-json.ts';
import { markDeclared } from '../http/route-guard.ts';
import { refuseUnstorableText } from '../http/storable-text.ts';
import { parseInput } from '../http/validate.ts';
import { keptMerchantCaller, merchantCaller, tokenCaller, type CallerLookup, type MerchantCaller, type TokenCaller } from './caller.ts';

/**
 * What a handler returns: the payload of its endpoint (the envelope hook wraps it), the same
 * kept serialised (a finished task's result, D-054), or the reply it sent.
 */
export type Payload<E extends Endpoint> = z.input<E['response']>;
type Answer<E extends Endpoint> = Payload<E> | RawJson<Payload<E>> | FastifyReply;

/** Who called, as the endpoint's descriptor says it must be proven: null for a public endpoint. */
export type CallerOf<E extends Endpoint> = E['auth'] extends 'none' ? null : E['merchantScoped'] extends true ? MerchantCaller : TokenCaller;

/** Turns one part of the request (query, params, body) into the value a handler works with, or throws an ApiError. */
export type Check<T> = (raw: unknown) => T;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One call of an endpoint: the proven caller and the request parts as their checks left them. */
export interface Call<E extends Endpoint, Q, P, B> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly caller: CallerOf<E>;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The base address this instance was reached at, for the addresses an answer hands out. */
  baseUrl(): string;
}

/**
 * A public endpoint (`auth: 'none'`) must say why anyone may call it, and an authenticated one
 * cannot be made public here: the descriptor in protocol/endpoints decides, the route confirms.
 */
type Access<E extends Endpoint> = E['auth'] extends 'none' ? { readonly public: string } : { readonly public?: never };

/**
 * Each request part is parsed with the descriptor's schema (400 naming the field, as
 * parseInput words it) unless the route names another check: a protocol check with its own
 * codes (`checkedBy`), or `unchecked` where the service validates with codes of its own.
 */
export type RouteOptions<E extends Endpoint, Q, P, B> = Access<E> & {
  readonly query?: Check<Q>;
  readonly params?: Check<P>;
  readonly body?: Check<B>;
  /** false where a GET has side effects, so HEAD must not run it (the token endpoints, D-031). */
  readonly exposeHeadRoute?: boolean;
  /** A request limit of @fastify/rate-limit (platform/http/rate-limit.ts, D-052); false: none. */
  readonly rateLimit?: RateLimitOptions | false;
  /** The code a body over the JSON size limit answers instead of 400: 40058 for a batch (D-115). */
  readonly bodyTooLarge?: CodeInfo;
};

/** A path that is no protocol/ endpoint (raw uploads, files, pictures, the demo merchant): always public. */
export interface OpenRoute {
  readonly method: HttpMethod;
  readonly url: string;
  /** Why anyone may call it: what stands in for a token (a signature, nothing secret served). */
  readonly public: string;
  /** false for answers that are files or pages on success; failures are enveloped all the same. */
  readonly envelope?: boolean;
}

/** The request part as given: for a service that validates it with codes of its own. */
export const unchecked: Check<unknown> = (raw) => raw;

/**
 * The check of a protocol `check*` validator: its value, or the ApiError of its first failure,
 * the specific code of the broken rule (11000, 40055, ...) or 400. meta.error names the field as
 * `body.<field>` like the query and header errors do (decisions D-003, M-018).
 */
export function checkedBy<T>(check: (raw: unknown) => Checked<T>): Check<T> {
  return (raw) => {
    const result = check(raw);
    if (result.ok) return result.value;
    // A failure of the whole body (an array, a number) names `body`, not `body.body`.
    const where = result.failure.field === 'body' ? 'body' : `body.${result.failure.field}`;
    throw new ApiError(result.failure.code, `${where}: ${result.failure.message}`);
  };
}

function schemaCheck(schema: z.ZodType | undefined, part: 'query' | 'params' | 'body'): Check<unknown> {
  return schema ? (raw) => parseInput(schema, raw, part) : () => undefined;
}

export interface RouteKitDeps extends CallerLookup {
  /** The configured public address; else the scheme and host a request came in on. */
  readonly publicBaseUrl: string | undefined;
  /** Where `keptAnswer` registers answers given before routing (D-084); without it they are not given. */
  readonly early?: EarlyAnswers;
}

/** A kept answer of a merchant-scoped GET: the proven caller and the checked query, as its route has them. */
export interface KeptCall<Q> {
  readonly caller: MerchantCaller;
  readonly query: Q;
  readonly baseUrl: string;
}

/** How each endpoint routed through this kit checks its query, for its kept answer (keptAnswer). */
interface Routed {
  readonly checkQuery: Check<unknown>;
  readonly rateLimited: boolean;
  /** Registered in a plugin scope, whose own hooks an answer before routing would skip. */
  readonly scoped: boolean;
}

/**
 * The one way platform routes are registered (D-038). `route` takes an endpoint descriptor of
 * protocol/endpoints, so method and path exist once (the kiosk's client uses the same
 * descriptor), and runs the chain every endpoint shares: authenticate as the descriptor says
 * (token, then the merchant for a merchant-scoped one; public only when the descriptor says
 * `auth: 'none'` and the route gives its reason), check params, query and body in that order,
 * call the handler, and answer its payload in the envelope (or bare, for the endpoints the
 * specification answers bare). `open` registers the few public paths that are no endpoint.
 * A route registered any other way is refused at start-up (http/route-guard.ts).
 */
export class RouteKit {
  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: RouteKitDeps,
    private readonly routed = new Map<Endpoint, Routed>(),
    private readonly scoped = false,
  ) {}

  /** The same kit registering into a plugin scope (its own content-type parsers, say). */
  within(scope: FastifyInstance): RouteKit {
    return new RouteKit(scope, this.deps, this.routed, true);
  }

  baseUrl(request: FastifyRequest): string {
    return this.deps.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  }

  route<E extends Endpoint, Q = Parsed<NonNullable<E['query']>>, P = Parsed<NonNullable<E['params']>>, B = Parsed<NonNullable<E['body']>>>(
    ep: E,
    options: RouteOptions<E, Q, P, B>,
    handler: (call: Call<E, Q, P, B>) => Answer<E> | Promise<Answer<E>>,
  ): void {
    const isPublic = options.public !== undefined;
    if (isPublic && options.public.trim() === '') throw new Error(`${ep.method} ${ep.path}: a public route needs its reason`);
    if (isPublic !== (ep.auth === 'none')) {
      throw new Error(`${ep.method} ${ep.path}: the descriptor says auth '${ep.auth}'; ${isPublic ? 'it cannot be declared public' : 'declare it public with its reason'}`);
    }
    const checkParams = (options.params ?? schemaCheck(ep.params, 'params')) as Check<P>;
    const checkQuery = (options.query ?? schemaCheck(ep.query, 'query')) as Check<Q>;
    const checkBody = (options.body ?? schemaCheck(ep.body, 'body')) as Check<B>;
    const callerOf = async (request: FastifyRequest): Promise<CallerOf<E>> => {
      if (ep.auth === 'none') return null as CallerOf<E>;
      return (await (ep.merchantScoped ? merchantCaller(this.deps, request) : tokenCaller(this.deps, request))) as CallerOf<E>;
    };
    this.routed.set(ep, { checkQuery: checkQuery as Check<unknown>, rateLimited: Boolean(options.rateLimit), scoped: this.scoped });
    const run = markDeclared(async (request: FastifyRequest, reply: FastifyReply) => {
      // The order every route had by hand: who calls (1001, merchant-id, 44099), then the input.
      const caller = await callerOf(request);
      refuseUnstorableParts(request);
      const params = checkParams(request.params);
      const query = checkQuery(request.query);
      const body = checkBody(request.body);
      return handler({ request, reply, caller, params, query, body, baseUrl: () => this.baseUrl(request) });
    });
    this.app.route({
      method: ep.method,
      url: routePath(ep.path),
      handler: run,
      config: { envelope: ep.enveloped, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}), ...(options.bodyTooLarge ? { bodyTooLarge: options.bodyTooLarge } : {}) },
      ...(options.exposeHeadRoute === undefined ? {} : { exposeHeadRoute: options.exposeHeadRoute }),
    });
  }

  /**
   * A second way to the answer of a routed merchant-scoped GET, taken before Fastify routes the
   * request (D-084): when the caller is proven from memory alone (token holder and merchant
   * scope kept, D-071; keptMerchantCaller), the query passes the route's own check and `answer`
   * has the payload kept, that payload is the answer, in the same envelope. Any miss (a token or
   * merchant not kept, a refusal, a bad query, no kept payload) leaves the request to the route,
   * which answers it as if this did not exist. So `answer` must give only what the route's
   * handler would answer for the same caller and query at that moment.
   */
  keptAnswer<E extends Endpoint, Q = Parsed<NonNullable<E['query']>>>(ep: E, answer: (call: KeptCall<Q>) => RawJson<Payload<E>> | undefined): void {
    const routed = this.routed.get(ep);
    if (routed === undefined) throw new Error(`${ep.method} ${ep.path}: route the endpoint before giving it a kept answer`);
    if (ep.method !== 'GET' || ep.auth === 'none' || ep.merchantScoped !== true || !ep.enveloped || ep.params || ep.body || routed.rateLimited || routed.scoped) {
      throw new Error(`${ep.method} ${ep.path}: kept answers are for enveloped, merchant-scoped GETs of the root scope with no parameters, body or rate limit`);
    }
    const checkQuery = routed.checkQuery as Check<Q>;
    this.deps.early?.add(routePath(ep.path), ({ headers, query, baseUrl }) => {
      const caller = keptMerchantCaller(this.deps, headers);
      if (caller === undefined) return undefined;
      let checked: Q;
      try {
        checked = checkQuery(query);
      } catch {
        return undefined;
      }
      return answer({ caller, query: checked, baseUrl });
    });
  }

  open<G extends RouteGenericInterface = RouteGenericInterface>(def: OpenRoute, handler: (request: FastifyRequest<G>, reply: FastifyReply) => Promise<unknown>): void {
    if (def.public.trim() === '') throw new Error(`${def.method} ${def.url}: a public route needs its reason`);
    // Fastify hands the route's own request type to its handler; the guard only knows the base type.
    const typed = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const run = markDeclared(async (request: FastifyRequest, reply: FastifyReply) => {
      refuseUnstorableParts(request);
      return typed(request, reply);
    });
    this.app.route({ method: def.method, url: def.url, handler: run, config: { envelope: def.envelope ?? true } });
  }
}

/**
 * Text no store keeps as sent is refused before any part is checked or read (D-103): a key or
 * number holding U+0000 reached PostgreSQL and answered 500. A stream body (uploads) is no text.
 */
function refuseUnstorableParts(request: FastifyRequest): void {
  refuseUnstorableText(request.params, 'params');
  refuseUnstorableText(request.query, 'query');
  refuseUnstorableText(request.body, 'body');
}
