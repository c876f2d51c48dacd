import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import type {} from 'mercurius';
import { formatRequestError, type GraphqlErrorBody } from './graphql-errors.js';
import type { GraphqlContext } from './graphql-context.js';

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
 * Runs GraphQL requests on the engine (graphql-engine.ts), which it loads and builds on the first request:
 * a gateway that serves no GraphQL never holds graphql-js, mercurius or the schema (about 30 MB of RSS). The
 * gateway's controller authenticates and answers. A broken schema fails the schema's unit tests and the
 * first request.
 */
@Injectable()
export class GraphqlExecutor implements OnModuleDestroy {
  private readonly logger = new Logger(GraphqlExecutor.name);
  private engine?: Promise<{ instance: FastifyInstance; schemaSdl: (engine: FastifyInstance) => string }>;

  /** Loads and builds the engine once. */
  private start() {
    this.engine ??= import('./graphql-engine.js').then(async ({ buildGraphqlEngine, schemaSdl }) => ({
      instance: await buildGraphqlEngine(this.logger),
      schemaSdl,
    }));
    // A build that failed is tried again by the next request rather than remembered.
    this.engine.catch(() => (this.engine = undefined));
    return this.engine;
  }

  /** Resolves once the engine is built (at once after the first request). */
  async ready(): Promise<void> {
    await this.start();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.engine) await (await this.engine).instance.close();
  }

  /** The schema in SDL, served at `GET /graphql/schema.graphql`. */
  async schema(): Promise<string> {
    const { instance, schemaSdl } = await this.start();
    return schemaSdl(instance);
  }

  async execute(request: GraphqlRequest, context: GraphqlContext): Promise<GraphqlAnswer> {
    try {
      const { instance } = await this.start();
      const result: ExecutionResult = await instance.graphql(
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
