import { OPERATION_SCOPES, type OperationId } from '@commerce/auth';
import { jsonTextOf, type DescribedOperation } from '@commerce/contracts';
import { SetMetadata, applyDecorators } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
} from '@nestjs/common/constants.js';
import type { ModulesContainer } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Logger } from 'pino';
import type { AuthGuard, Declared } from '../auth/auth.guard.js';
import { sendApiError, toApiError } from '../http/http-error.filter.js';

/** Where a described operation's route keeps what `installDescribedRoutes` needs (Fastify's route config). */
const ROUTE_CONFIG_KEY = 'describedRoute';
const DESCRIBED_ROUTE = Symbol('describedRoute');

/** What Fastify answers an object as; a string with it is sent as it is. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A described operation's route: its entry of the operation table, its handler and its success status. */
export interface DescribedRouteConfig {
  operation: string;
  handler: DescribedOperation;
  status: number;
}

/** A described resource's controller: one handler per operation, each taking the request alone. */
export type DescribedHandlers = Record<DescribedOperation, (request: never) => unknown>;

type Request = FastifyRequest<{ Params: Record<string, string> }>;

interface Route {
  declared: Declared;
  status: number;
  handle: (request: Request) => unknown;
}

/**
 * Marks a handler of `resourceController` as a described operation's: Fastify's route config carries it to
 * the gateway's dispatch, Nest's metadata to `installDescribedRoutes`.
 */
export function DescribedRoute(config: DescribedRouteConfig): MethodDecorator {
  return applyDecorators(
    SetMetadata(DESCRIBED_ROUTE, config),
    RouteConfig({ [ROUTE_CONFIG_KEY]: config }),
  );
}

/**
 * Answers the described resources' routes (`resourceController`) from a `preHandler` hook of each route: the guard's
 * authorization (`AuthGuard.authorize`, with the operation's entry of the table), the handler with the
 * request, the success status, and any error through the one error path (`http-error.filter.ts`). Those routes
 * have no guard, interceptor, pipe or filter of their own, so Nest's per-request pipeline (execution contexts,
 * guard and interceptor consumers, parameter factories, the response controller: about a tenth of a get's
 * CPU, docs/PERFORMANCE.md) is skipped; every other route goes on to Nest. Install before the routes are
 * registered (Nest does at `init`).
 */
export function installDescribedRoutes(
  fastify: FastifyInstance,
  { modules, guard, logger }: { modules: ModulesContainer; guard: AuthGuard; logger: Logger },
): number {
  const routes = describedRoutes(modules);
  const answer = async (route: Route, request: Request, reply: FastifyReply) => {
    try {
      await guard.authorize(request, route.declared);
      const result = await route.handle(request);
      // A document as the owning service wrote or read it: its JSON text, not serialized again.
      const text = jsonTextOf(result);
      if (text === undefined) reply.code(route.status).send(result);
      else reply.code(route.status).header('content-type', JSON_CONTENT_TYPE).send(text);
    } catch (error) {
      sendApiError(request, reply, toApiError(error, request, logger));
    }
  };
  // Each described route gets its own `preHandler` (after the instance's), so no other route pays for it.
  fastify.addHook('onRoute', (options) => {
    const config = (options.config as { [ROUTE_CONFIG_KEY]?: DescribedRouteConfig } | undefined)?.[
      ROUTE_CONFIG_KEY
    ];
    const route = config && routes.get(config);
    if (!route) return;
    const own = [options.preHandler ?? []].flat();
    // A callback hook that answers never calls `done`: Fastify runs no handler after it.
    const dispatch: preHandlerHookHandler = (request, reply) => void answer(route, request as Request, reply);
    options.preHandler = [...own, dispatch];
  });
  return routes.size;
}

/** Nest's per-route enhancers: a controller or handler with any of its own stays on Nest's pipeline. */
const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];
const enhanced = (target: object) =>
  ENHANCERS.some((key) => ((Reflect.getMetadata(key, target) as unknown[] | undefined) ?? []).length > 0);

/**
 * Every described operation's route of the app's controllers, by its config (the same object Fastify has);
 * not those whose controller or handler has an enhancer of its own (the insights configuration's interceptor).
 */
function describedRoutes(modules: ModulesContainer): Map<DescribedRouteConfig, Route> {
  const routes = new Map<DescribedRouteConfig, Route>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as Partial<DescribedHandlers> | undefined;
      const prototype = (wrapper.metatype as { prototype?: object } | undefined)?.prototype;
      if (!instance || !prototype || enhanced(wrapper.metatype as object)) continue;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const method = (prototype as Record<string, unknown>)[name];
        if (typeof method !== 'function' || enhanced(method)) continue;
        const config = Reflect.getMetadata(DESCRIBED_ROUTE, method) as DescribedRouteConfig | undefined;
        const handler = config && instance[config.handler];
        if (!config || !handler) continue;
        const operation = OPERATION_SCOPES[config.operation as OperationId];
        if (!operation) throw new Error(`The operation table has no ${config.operation}.`);
        routes.set(config, {
          declared: { isPublic: false, operation },
          status: config.status,
          handle: (handler as (request: Request) => unknown).bind(instance),
        });
      }
    }
  }
  return routes;
}
