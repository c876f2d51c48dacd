import {
  OPERATION_ID,
  OPERATION_SCOPES,
  PUBLIC_ROUTE,
  REQUIRED_SCOPES,
  capturedEndpoint,
  operationForRoute,
  satisfies,
  type OperationId,
  type OperationScope,
} from '@commerce/auth';
import type { Principal } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { GatewayRateLimits } from '../rate-limits/gateway-rate-limits.js';
import { Authenticator } from './authenticator.service.js';
import { KnownProjects } from './known-projects.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** Routes that declare nothing need the strongest permission: the guard fails closed. */
const DEFAULT_REQUIREMENT = ['manage_project'];

/**
 * The one authorization guard. What a route needs comes from the operation table of `@commerce/auth` (its
 * `@Operation`, or its matched route); a route the table does not know needs `manage_project`. A valid bearer token of the path's
 * project must hold one of those scopes; an in-store token works only in its Store; a customer operation
 * needs a customer token. A token of another project is refused with 403 before any data is read, or, when
 * the path's project does not exist at all, answered 404 `URI not found` like any unknown path. An
 * authorized request then counts against its client's rate limit (429 beyond it).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** By controller class, then handler. */
  private readonly declared = new WeakMap<object, WeakMap<object, Declared>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly projects: KnownProjects,
    private readonly rateLimits: GatewayRateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>();
    await this.authorize(request, this.declaredBy(context));
    return true;
  }

  /**
   * Admits the request to a route that declares `declared`, or throws the API's error; an admitted request
   * that needed a token carries its `principal`. What `canActivate` does for Nest's routes, and what the
   * described routes' own dispatch (`described-routes.ts`) calls with their operation's entry.
   */
  async authorize(
    request: FastifyRequest<{ Params: Record<string, string> }>,
    declared: Declared,
  ): Promise<void> {
    // A route parameter that took an endpoint's name (`GET /products/search`) names no resource.
    if (capturedEndpoint(request.routeOptions.url ?? '', request.params ?? {}) !== undefined) {
      throw Errors.routeNotFound(request.url.split('?')[0]);
    }
    if (declared.isPublic) return;
    const { projectKey, storeKey } = request.params;
    const principal = await this.authenticator.authenticate(request.headers.authorization, {
      projectKey,
      correlationId: request.correlationId,
    });
    const operation = declared.operation ?? operationForRoute(request.method, request.routeOptions.url ?? '');
    const required = operation?.scopes ?? declared.scopes ?? DEFAULT_REQUIREMENT;
    const allowed =
      principal.projectKey === projectKey &&
      (principal.storeKey === undefined || principal.storeKey === storeKey) &&
      satisfies(principal.scopes, required, projectKey, storeKey);
    if (
      !allowed &&
      projectKey !== undefined &&
      principal.projectKey !== projectKey &&
      !(await this.projects.exists(projectKey, request.correlationId))
    ) {
      throw Errors.routeNotFound(request.url.split('?')[0]);
    }
    if (!allowed) throw Errors.insufficientScope(required.map((scope) => `${scope}:${projectKey}`));
    if (operation?.customer && !principal.customerId) throw Errors.insufficientScope(['customer_id']);
    if (operation?.session && !principal.customerId && !principal.anonymousId)
      throw Errors.insufficientScope(['customer_id', 'anonymous_id']);
    await this.rateLimits.dataRequest(`${principal.projectKey}\u0000${principal.clientId}`);
    request.principal = principal;
  }

  /** What a handler's decorators declare, read once per handler (the metadata never changes after start). */
  private declaredBy(context: ExecutionContext): Declared {
    const [handler, controller] = [context.getHandler(), context.getClass()];
    let byHandler = this.declared.get(controller);
    if (!byHandler) this.declared.set(controller, (byHandler = new WeakMap()));
    let declared = byHandler.get(handler);
    if (!declared) {
      const targets = [handler, controller];
      const operationId = this.reflector.get<OperationId | undefined>(OPERATION_ID, handler);
      declared = {
        isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) === true,
        scopes: this.reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES, targets),
        operation: operationId ? OPERATION_SCOPES[operationId] : undefined,
      };
      byHandler.set(handler, declared);
    }
    return declared;
  }
}

/** What a route declares: public, its `@Operation`'s scopes, or its entry of the operation table. */
export interface Declared {
  isPublic: boolean;
  /** The scopes its `@Operation` declared. */
  scopes?: string[];
  /**
   * The table's entry of a handler declared by `@Operation`, which made its one route from that entry; other
   * handlers are looked up by their matched route on each request.
   */
  operation?: OperationScope;
}
