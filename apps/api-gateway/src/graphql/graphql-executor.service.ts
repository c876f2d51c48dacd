import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { printSchema, type ExecutionResult, type GraphQLError } from 'graphql';
import mercurius from 'mercurius';
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
 */
@Injectable()
export class GraphqlExecutor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GraphqlExecutor.name);
  private readonly engine: FastifyInstance = Fastify({ logger: false });
  private schemaText = '';

  async onModuleInit(): Promise<void> {
    await this.engine.register(mercurius, {
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
    await this.engine.ready();
    this.schemaText = printSchema(this.engine.graphql.schema);
  }

  async onModuleDestroy(): Promise<void> {
    await this.engine.close();
  }

  /** The schema in SDL, served at `GET /graphql/schema.graphql`. */
  get schema(): string {
    return this.schemaText;
  }

  async execute(request: GraphqlRequest, context: GraphqlContext): Promise<GraphqlAnswer> {
    try {
      const result: ExecutionResult = await this.engine.graphql(
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
