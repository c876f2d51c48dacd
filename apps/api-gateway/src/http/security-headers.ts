import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every answer (`@fastify/helmet`), set for a JSON API: a Content-Security-Policy
 * under which an answer opened in a browser loads and runs nothing and is framed nowhere, `X-Frame-Options:
 * DENY`, `X-Content-Type-Options: nosniff`, no referrer, HSTS. Product images the gateway serves are shown
 * on the merchants' sites: their `Cross-Origin-Resource-Policy` is `cross-origin`.
 */
const API_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * `/docs` (Swagger UI): its scripts and styles are the gateway's own files, it fetches `/openapi.json`, and
 * Swagger UI writes inline styles and `data:` icons; no inline script runs (openapi.page.ts).
 */
export const DOCS_PAGE_HEADERS = {
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
} satisfies FastifyHelmetOptions;

export async function setUpSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  await fastify.register(helmet, API_HEADERS);
}
