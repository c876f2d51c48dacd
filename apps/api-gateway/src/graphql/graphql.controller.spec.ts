import type { RequestContext } from '@commerce/contracts';
import { jest } from '@jest/globals';
import type { RpcClient } from '@commerce/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticator.service.js';
import { GraphqlController } from './graphql.controller.js';
import type { GraphqlExecutor } from './graphql-executor.service.js';

/**
 * A controller whose engine takes `buildMs` of the (fake) clock to build on the first request, recording each
 * request's ctx.
 */
function controllerWithEngine(buildMs: number) {
  const seen: RequestContext[] = [];
  let now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  let built = false;
  const executor = {
    ready: () => {
      if (!built) now += buildMs;
      built = true;
      return Promise.resolve();
    },
    execute: (_request: unknown, context: { ctx: RequestContext }) => {
      seen.push(context.ctx);
      return Promise.resolve({ status: 200, body: { data: {} } });
    },
  } as unknown as GraphqlExecutor;
  const authenticator = {
    authenticate: () => Promise.resolve({ projectKey: 'p', clientId: 'c', scopes: [] }),
  } as unknown as Authenticator;
  const controller = new GraphqlController(executor, authenticator, {} as RpcClient);
  const ask = (deadline: number) =>
    controller.graphql(
      'p',
      { query: '{ __typename }' },
      {
        headers: {},
        params: { projectKey: 'p' },
        correlationId: 'x',
        deadline,
      } as unknown as FastifyRequest<{
        Params: Record<string, string>;
      }>,
      { code: () => undefined } as unknown as FastifyReply,
    );
  return { seen, ask };
}

describe(GraphqlController.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it("does not count the engine's first build against the services' time: the deadline moves by it", async () => {
    const { seen, ask } = controllerWithEngine(3_000);
    const deadline = Date.now() + 5_000;
    await ask(deadline);
    expect(seen[0].deadline).toBe(deadline + 3_000);
    await ask(deadline);
    expect(seen[1].deadline).toBe(deadline);
  });
});
