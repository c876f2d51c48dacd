import type { Logger } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { printSchema } from 'graphql';
import type {} from 'mercurius';
import { formatFieldError } from './graphql-errors.js';
import { MAX_DEPTH, MAX_TOKENS, complexityRule } from './limits.js';
import { mutationResolvers } from './resolvers/mutation.resolvers.js';
import { queryResolvers } from './resolvers/query.resolvers.js';
import { typeResolvers } from './resolvers/type.resolvers.js';
import { MUTATIONS_SDL } from './schema/mutations.sdl.js';
import { TYPES_SDL } from './schema/types.sdl.js';

/**
 * The GraphQL engine: mercurius (parse, validation with the depth and complexity limits, execution) on a
 * Fastify instance of its own that serves no route. This module and everything it imports (graphql-js, the
 * schema, the resolvers) load on the first GraphQL request, not at start (GraphqlExecutor).
 */
export async function buildGraphqlEngine(logger: Logger): Promise<FastifyInstance> {
  const { default: mercurius } = await import('mercurius');
  const engine = Fastify({ logger: false });
  await engine.register(mercurius, {
    schema: `${TYPES_SDL}\n${MUTATIONS_SDL}`,
    resolvers: { ...queryResolvers, ...typeResolvers, ...mutationResolvers } as never,
    routes: false,
    // Complexity depends on the variables (limit), so every request is validated: no parse cache.
    cache: false,
    queryDepth: MAX_DEPTH,
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    validationRules: ({ variables, operationName }) => [
      complexityRule(variables as Record<string, unknown> | undefined, operationName),
    ],
    errorFormatter: (execution) => ({
      statusCode: 200,
      response: {
        data: execution.data ?? null,
        errors: (execution.errors ?? []).map((error) =>
          formatFieldError(error, (errorId, cause) =>
            logger.error({ errorId, err: cause }, `unexpected error ${errorId}`),
          ),
        ) as never,
      },
    }),
  });
  await engine.ready();
  return engine;
}

/** The engine's schema in SDL. */
export const schemaSdl = (engine: FastifyInstance): string => printSchema(engine.graphql.schema);
