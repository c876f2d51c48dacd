import { privilegesOf } from '@commerce/auth';
import type { Principal, RequestContext } from '@commerce/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The RequestContext of a data request: project, correlation id, and who acts (client-logging fields). */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext =>
  requestContextOf(context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>()),
);

const NONE: readonly string[] = [];

/** Each principal's service-checked permissions by Store (a cached token's principal is one object). */
const PRIVILEGES = new WeakMap<Principal, Map<string, readonly string[]>>();

function privilegesFor(principal: Principal, projectKey: string, storeKey: string | undefined) {
  let byStore = PRIVILEGES.get(principal);
  if (!byStore) PRIVILEGES.set(principal, (byStore = new Map<string, readonly string[]>()));
  const place = `${projectKey}\u0000${storeKey ?? ''}`;
  let privileges = byStore.get(place);
  if (!privileges) byStore.set(place, (privileges = privilegesOf(principal.scopes, projectKey, storeKey)));
  return privileges;
}

/** The RequestContext of an authenticated request (its `principal` set). */
export function requestContextOf(
  request: FastifyRequest<{ Params: Record<string, string> }>,
): RequestContext {
  const principal = request.principal;
  // Checked (and refused when it looks like personal data) in the first onRequest hook: fastify-setup.ts.
  const header = request.headers['x-external-user-id'];
  const externalUserId = typeof header === 'string' ? header : undefined;
  const { projectKey, storeKey } = request.params;
  const privileges = principal ? privilegesFor(principal, projectKey, storeKey) : NONE;
  return {
    projectKey: request.params.projectKey,
    correlationId: request.correlationId,
    ...(request.deadline ? { deadline: request.deadline } : {}),
    ...(request.params.storeKey ? { storeKey: request.params.storeKey } : {}),
    ...(privileges.length > 0 ? { privileges } : {}),
    actor: {
      clientId: principal?.clientId,
      externalUserId: externalUserId ?? principal?.externalUserId,
      customerId: principal?.customerId,
      anonymousId: principal?.anonymousId,
    },
  };
}
