import { PUBLIC_ROUTE, REQUIRED_SCOPES, satisfies } from '@commerce/auth';
import type { Principal } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Authenticator } from './authenticator.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** Routes that declare nothing need the strongest permission: the guard fails closed. */
const DEFAULT_REQUIREMENT = ['manage_project'];

/**
 * The one authorization guard: a valid bearer token of the path's project, holding one of the scopes the
 * route declares with @RequireScopes. A token of another project is refused with 403 before any data is read.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>();
    const principal = await this.authenticator.authenticate(request.headers.authorization);
    const required =
      this.reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES, targets) ?? DEFAULT_REQUIREMENT;
    const { projectKey, storeKey } = request.params;
    const allowed =
      principal.projectKey === projectKey &&
      (principal.storeKey === undefined || principal.storeKey === storeKey) &&
      satisfies(principal.scopes, required, projectKey, storeKey);
    if (!allowed) throw Errors.insufficientScope(required.map((scope) => `${scope}:${projectKey}`));
    request.principal = principal;
    return true;
  }
}
