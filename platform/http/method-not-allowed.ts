import type { FastifyInstance } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { ApiError } from './api-error.ts';
import { markDeclared } from './route-guard.ts';

/** Every method a client may send to a known path; the ones a path lacks answer 405. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Fastify answers 404 for a known path with an unsupported method; the specification wants
 * 405 there (Errors, HTTP codes). Paths are recorded as routes are added; the returned seal
 * function, called once after every real route is registered, gives each missing method of
 * each path a route that answers 405, so the router itself decides.
 *
 * The 405 is thrown in onRequest, before the content-type parser runs: a wrong method is 405
 * whatever its body holds, malformed or oversized (D-004, D-031). HEAD of a path with GET is
 * served by Fastify's HEAD route (GET's answer without the body); OPTIONS is not served (no
 * CORS: the kiosk and merchant servers are not browsers), so it is 405 like any other missing
 * method; so is HEAD of a GET route with side effects (the token endpoints). The answer carries
 * the Allow header HTTP requires of a 405.
 */
export function recordRoutesForMethodNotAllowed(app: FastifyInstance): () => void {
  const methodsByPath = new Map<string, Set<string>>();
  let sealed = false;

  app.addHook('onRoute', (route) => {
    if (sealed) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of methods) known.add(method.toUpperCase());
    // Fastify adds HEAD to every GET route itself, unless the route opts out (exposeHeadRoute).
    if (known.has('GET') && route.exposeHeadRoute !== false) known.add('HEAD');
    methodsByPath.set(route.url, known);
  });

  return () => {
    sealed = true;
    for (const [url, known] of methodsByPath) {
      const missing = METHODS.filter((method) => !known.has(method));
      if (missing.length === 0) continue;
      const allowed = METHODS.filter((method) => known.has(method));
      const shown = allowed.filter((method) => method !== 'HEAD').join(', ');
      app.route({
        method: missing,
        url,
        onRequest: async (request, reply) => {
          reply.header('allow', allowed.join(', '));
          throw new ApiError(Codes.METHOD_NOT_ALLOWED, `${request.method} is not supported here; use ${shown}`);
        },
        // Never reached: onRequest always answers. A refusal serves nothing, so it needs no access rule.
        handler: markDeclared(async () => {
          throw new ApiError(Codes.METHOD_NOT_ALLOWED);
        }),
      });
    }
  };
}
