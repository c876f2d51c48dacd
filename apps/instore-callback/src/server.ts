import type { InStoreCallbackToken, TokenResponse } from '@commerce/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiKeyMatches } from './api-key.js';
import type { CallbackConfig } from './config.js';
import { PlatformTokenError, PlatformTokens } from './platform-tokens.js';
import { kindOf } from './token-kind.js';

/**
 * The reference in-store callback: `GET <INSTORE_CALLBACK_PATH>/<userKey|cartId>` with `X-Api-Key` answers an
 * `InStoreCallbackToken` (docs/INSTORE.md). A wrong or missing key is 401 before anything else happens.
 */
export function buildServer(config: CallbackConfig, tokens = new PlatformTokens(config)): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization'], censor: '[redacted]' },
    },
    bodyLimit: 1024,
    return503OnClosing: true,
  });

  app.get('/health', () => ({ status: 'ok' }));
  // Nothing to wait for at rest: the authorization service is asked per callback, and its failure is that
  // callback's 502, not a reason to leave the Service.
  app.get('/ready', () => ({ status: 'ok' }));

  app.get<{ Params: { id: string } }>(`${config.INSTORE_CALLBACK_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!apiKeyMatches(request.headers['x-api-key'], config.INSTORE_CALLBACK_API_KEY)) {
      return reply.code(401).send({ message: 'Missing or wrong X-Api-Key.' });
    }
    const kind = kindOf(request.params.id);
    if (!kind) return reply.code(400).send({ message: 'A user key or cart id is 1-256 of [A-Za-z0-9_-].' });
    let token: TokenResponse;
    try {
      token = kind === 'user' ? await tokens.userToken(request.params.id) : await tokens.cartToken();
    } catch (error) {
      if (!(error instanceof PlatformTokenError)) throw error;
      request.log.warn({ kind, reason: error.message }, 'no token from the authorization service');
      return error.notFound
        ? reply.code(404).send({ message: 'No customer with this key in the Store.' })
        : reply.code(502).send({ message: 'The authorization service gave no token.' });
    }
    const customerId = token.scope
      .split(' ')
      .find((scope) => scope.startsWith('customer_id:'))
      ?.slice('customer_id:'.length);
    const answer: InStoreCallbackToken = {
      kind,
      access_token: token.access_token,
      token_type: 'Bearer',
      expires_in: token.expires_in,
      scope: token.scope,
      projectKey: config.COMMERCE_PROJECT_KEY,
      storeKey: config.COMMERCE_STORE_KEY,
      ...(kind === 'user' && customerId ? { customerId } : {}),
    };
    return answer;
  });

  return app;
}
