import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Handlers whose route declared who may call it: an authenticated endpoint, a public route with
 * its reason, or a refusal. Only code that made that declaration can add a handler here, and a
 * handler is a function object, so a route registered by hand cannot pass for a declared one.
 */
const declared = new WeakSet<RouteHandlerMethod>();

/** Marks a handler as registered with a declaration of its access (platform/routes/route-kit.ts). */
export function markDeclared<H extends RouteHandlerMethod>(handler: H): H {
  declared.add(handler);
  return handler;
}

/** What a refused registration says, so the log of a failed start names the fix. */
export class UndeclaredRouteError extends Error {
  constructor(method: string, url: string) {
    super(
      `route ${method} ${url} declares no access: register it with the route kit (platform/routes/route-kit.ts), ` +
        'which authenticates by default, or declare it public there with its reason (decision D-038)',
    );
    this.name = 'UndeclaredRouteError';
  }
}

/**
 * Deny by default (D-038): a route that did not come through the route kit would be public
 * without anyone having decided so. Registering one throws, so the platform does not start,
 * instead of a forgotten authentication shipping as an open endpoint. Hooks are inherited by
 * every plugin scope registered after this call, so install it first.
 */
export function requireDeclaredRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (declared.has(route.handler)) return;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new UndeclaredRouteError(method, route.url);
  });
}
