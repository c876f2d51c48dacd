import type { RequestContext } from '@commerce/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The RequestContext of a data request: project, correlation id, and who acts (client-logging fields). */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext =>
  requestContextOf(context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>()),
);

/** The RequestContext of an authenticated request (its `principal` set). */
export function requestContextOf(
  request: FastifyRequest<{ Params: Record<string, string> }>,
): RequestContext {
  const principal = request.principal;
  // Checked (and refused when it looks like personal data) in the first onRequest hook: fastify-setup.ts.
  const header = request.headers['x-external-user-id'];
  const externalUserId = typeof header === 'string' ? header : undefined;
  return {
    projectKey: request.params.projectKey,
    correlationId: request.correlationId,
    ...(request.deadline ? { deadline: request.deadline } : {}),
    ...(request.params.storeKey ? { storeKey: request.params.storeKey } : {}),
    actor: {
      clientId: principal?.clientId,
      externalUserId: externalUserId ?? principal?.externalUserId,
      customerId: principal?.customerId,
      anonymousId: principal?.anonymousId,
    },
  };
}
