import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { printSchema, type ExecutionResult, type GraphQLError } from 'graphql';
import type {} from 'mercurius';
import { formatFieldError, formatRequestError, type GraphqlErrorBody } from './graphql-errors.js';
import type { GraphqlContext } from './graphql-context.js';
import { MAX_DEPTH, MAX_TOKENS, complexityRule } from './limits.js';
import { mutationResolvers } from './resolvers/mutation.resolvers.js';
import { queryResolvers } from './resolvers/query.resolvers.js';
import { typeResolvers } from './resolvers/type.resolvers.js';
import { MUTATIONS_SDL } from './schema/mutations.sdl.js';
import { TYPES_SDL } from './schema/types.sdl.js';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlAnswer {
  status: 200 | 400;
  body: { data?: unknown; errors?: GraphqlErrorBody[] };
}

const isRequestError = (error: unknown): error is { errors: (GraphQLError | Error)[] } =>
  (error as { code?: unknown })?.code === 'MER_ERR_GQL_VALIDATION' &&
  Array.isArray((error as { errors?: unknown }).errors);

/**
 * Runs GraphQL requests with mercurius (parse, validation with the depth and complexity limits, execution)
 * on a Fastify instance of its own that serves no route: the gateway's controller authenticates and answers.
 * The gateway's `main` starts it before listening; otherwise the first request does (unit tests that only
 * build the module never load it).
 */
@Injectable()
export class GraphqlExecutor implements OnModuleDestroy {
  private readonly logger = new Logger(GraphqlExecutor.name);
  private engine?: Promise<FastifyInstance>;

  /** Builds the schema and the engine once; a broken schema fails here. */
  start(): Promise<FastifyInstance> {
    this.engine ??= this.build();
    return this.engine;
  }

  private async build(): Promise<FastifyInstance> {
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
              this.logger.error({ errorId, err: cause }, `unexpected error ${errorId}`),
            ),
          ) as never,
        },
      }),
    });
    await engine.ready();
    return engine;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.engine) await (await this.engine).close();
  }

  /** The schema in SDL, served at `GET /graphql/schema.graphql`. */
  async schema(): Promise<string> {
    return printSchema((await this.start()).graphql.schema);
  }

  async execute(request: GraphqlRequest, context: GraphqlContext): Promise<GraphqlAnswer> {
    try {
      const engine = await this.start();
      const result: ExecutionResult = await engine.graphql(
        request.query,
        context as never,
        // Always variables, so mercurius checks them before execution: a missing one is a 400.
        request.variables ?? {},
        request.operationName,
      );
      return { status: 200, body: result as GraphqlAnswer['body'] };
    } catch (error) {
      if (isRequestError(error))
        return { status: 400, body: { errors: error.errors.map(formatRequestError) } };
      throw error;
    }
  }
}
