import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routePath, type Endpoint } from '../../../protocol/endpoint.ts';
import type { Checked } from '../../../protocol/open-api/index.ts';
import { ApiError } from '../../http/api-error.ts';

/** What a handler returns: the payload of its endpoint, which the envelope hook wraps. */
export type Payload<E extends Endpoint> = z.input<E['response']>;

/**
 * Registers the route of a protocol/ endpoint definition, so method and path exist once (the
 * kiosk's client uses the same definition) and the handler's payload is typed by its schema.
 */
export function onEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (request: FastifyRequest) => Payload<E> | Promise<Payload<E>>,
): void {
  app.route({ method: ep.method, url: routePath(ep.path), handler: async (request) => handler(request) });
}

/**
 * The value of a protocol check* result, or the ApiError of its first failure: the specific
 * code of the broken rule (11000, 11008, ...) or 400. meta.error names the field as
 * `body.<field>` like the query and header errors do (decisions D-003, M-018).
 */
export function accepted<T>(result: Checked<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.failure.code, `body.${result.failure.field}: ${result.failure.message}`);
}
