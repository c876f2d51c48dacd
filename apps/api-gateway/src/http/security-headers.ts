import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The security headers of every answer (`helmet`), set for a JSON API: a Content-Security-Policy under which an
 * answer opened in a browser loads and runs nothing and is framed nowhere, `X-Frame-Options: DENY`,
 * `X-Content-Type-Options: nosniff`, no referrer, HSTS. Product images the gateway serves are shown on the
 * merchants' sites: their `Cross-Origin-Resource-Policy` is `cross-origin`.
 */
const API_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} satisfies HelmetOptions;

/**
 * `/docs` (Swagger UI): its scripts and styles are the gateway's own files, it fetches `/openapi.json`, and
 * Swagger UI writes inline styles and `data:` icons; no inline script runs (openapi.page.ts). A route asks for
 * other headers with `@RouteConfig({ securityHeaders: ... })`.
 */
export const DOCS_PAGE_HEADERS = {
  ...API_HEADERS,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
} satisfies HelmetOptions;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet options of this route instead of the API's (`/docs`). */
    securityHeaders?: HelmetOptions;
    /** Its headers, computed once when the route is added. */
    securityHeaderValues?: Readonly<Record<string, string>>;
  }
}

type Headers = Readonly<Record<string, string>>;

/**
 * The headers helmet's middleware sets for these options, computed once: with no CSP nonce (none is configured)
 * they depend on no request, so each answer gets the same map instead of helmet being built and run again per
 * request. helmet is called through its public middleware signature on a response that records the headers.
 */
export function securityHeadersOf(options: HelmetOptions): Headers {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet throws on invalid options (since 8.1 it no longer passes errors to `next`).
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

export function setUpSecurityHeaders(fastify: FastifyInstance): void {
  const api = securityHeadersOf(API_HEADERS);
  fastify.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    if (own) route.config = { ...route.config, securityHeaderValues: securityHeadersOf(own) };
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.routeOptions.config.securityHeaderValues ?? api);
    done();
  });
}
