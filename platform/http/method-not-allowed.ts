import type { FastifyInstance } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { ApiError } from './api-error.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Fastify answers 404 for a known path with an unsupported method; the specification wants
 * 405 there (Errors, HTTP codes). Paths are recorded as routes are added; the returned seal
 * function, called once after every real route is registered, gives each missing method of
 * each path a route that throws 405, so the router itself decides.
 */
export function recordRoutesForMethodNotAllowed(app: FastifyInstance): () => void {
  const methodsByPath = new Map<string, Set<string>>();
  let sealed = false;

  app.addHook('onRoute', (route) => {
    if (sealed) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of methods) known.add(method.toUpperCase());
    methodsByPath.set(route.url, known);
  });

  return () => {
    sealed = true;
    for (const [url, known] of methodsByPath) {
      const missing = METHODS.filter((method) => !known.has(method));
      if (missing.length === 0) continue;
      const allowed = [...known].filter((method) => method !== 'HEAD').join(', ');
      app.route({
        method: missing,
        url,
        handler: async (request) => {
          throw new ApiError(Codes.METHOD_NOT_ALLOWED, `${request.method} is not supported here; use ${allowed}`);
        },
      });
    }
  };
}
