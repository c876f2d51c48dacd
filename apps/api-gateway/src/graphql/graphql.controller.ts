import { Public } from '@commerce/auth';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Get, Header, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator } from '../auth/authenticator.service.js';
import { requestContextOf } from '../http/request-context.decorator.js';
import { GraphqlExecutor, type GraphqlRequest } from './graphql-executor.service.js';
import { ReferenceLoader } from './reference-loader.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{query, variables?, operationName?}`, or a 400 naming what is wrong. */
function graphqlRequestOf(body: unknown): GraphqlRequest {
  if (!isRecord(body) || typeof body.query !== 'string' || body.query.trim() === '') {
    throw Errors.invalidInput('The request body must be a JSON object with the GraphQL query in "query".');
  }
  if (body.variables != null && !isRecord(body.variables)) {
    throw Errors.invalidInput('"variables" must be a JSON object.');
  }
  if (body.operationName != null && typeof body.operationName !== 'string') {
    throw Errors.invalidInput('"operationName" must be a string.');
  }
  return {
    query: body.query,
    ...(isRecord(body.variables) ? { variables: body.variables } : {}),
    ...(typeof body.operationName === 'string' ? { operationName: body.operationName } : {}),
  };
}

/**
 * GraphQL over HTTP. Any valid token of the project may ask; each field then needs what its REST operation
 * needs (so the guard's per-route check does not apply here: the route is `@Public` and authenticates
 * itself). The schema is public: it describes the API, no data.
 */
@Controller()
export class GraphqlController {
  constructor(
    private readonly executor: GraphqlExecutor,
    private readonly authenticator: Authenticator,
    private readonly rpc: RpcClient,
  ) {}

  @Post(':projectKey/graphql')
  @Public()
  async graphql(
    @Param('projectKey') projectKey: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest<{ Params: Record<string, string> }>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const principal = await this.authenticator.authenticate(request.headers.authorization, {
      projectKey,
      correlationId: request.correlationId,
    });
    if (principal.projectKey !== projectKey)
      throw Errors.insufficientScope([`view_project_settings:${projectKey}`]);
    const graphqlRequest = graphqlRequestOf(body);
    request.principal = principal;
    // The first request builds the engine (seconds on a busy machine): local one-off work, which does not
    // count against the time the services get (the request's deadline).
    const building = Date.now();
    await this.executor.ready();
    if (request.deadline) request.deadline += Date.now() - building;
    const ctx = requestContextOf(request);
    const answer = await this.executor.execute(graphqlRequest, {
      principal,
      ctx,
      rpc: this.rpc,
      references: new ReferenceLoader(this.rpc, ctx),
    });
    void reply.code(answer.status);
    return answer.body;
  }

  @Get('graphql/schema.graphql')
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  schema(): Promise<string> {
    return this.executor.schema();
  }
}
