import { PUBLIC_ROUTE, REQUIRED_SCOPES } from '@commerce/auth';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { ModulesContainer } from '@nestjs/core';
import { DtoPipe } from '../http/dto.pipe.js';
import { OPENAPI_BODY, type BodyDescription } from './describe-body.js';

/** A route as the gateway's controllers declare it (Nest metadata), in Fastify's path syntax. */
export interface DeclaredRoute {
  method: string;
  path: string;
  isPublic: boolean;
  scopes?: string[];
  /** The request body: `@DescribeBody`, else the DTO of the handler's `@Body(new DtoPipe(Dto))`. */
  body?: BodyDescription;
}

const joinPath = (...parts: Array<string | undefined>) =>
  `/${parts
    .filter((part): part is string => part !== undefined && part !== '' && part !== '/')
    .map((part) => part.replace(/^\/|\/$/g, ''))
    .join('/')}`;

interface RouteArgument {
  pipes?: unknown[];
}

function bodyOf(controller: object, name: string, handler: object): BodyDescription | undefined {
  const described = Reflect.getMetadata(OPENAPI_BODY, handler) as BodyDescription | undefined;
  if (described) return described;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    RouteArgument
  >;
  const body = Object.entries(args).find(([key]) => key.split(':')[0] === String(RouteParamtypes.BODY));
  const pipe = body?.[1].pipes?.find(
    (candidate): candidate is DtoPipe<object> => candidate instanceof DtoPipe,
  );
  return pipe?.cls;
}

/** Every route of every controller, with what it declares, read from Nest's metadata. */
export function declaredRoutes(modules: ModulesContainer): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!controller) continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
      const classPublic = Reflect.getMetadata(PUBLIC_ROUTE, controller) === true;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        routes.push({
          method: RequestMethod[method],
          path: joinPath(base, path),
          isPublic: classPublic || Reflect.getMetadata(PUBLIC_ROUTE, handler) === true,
          scopes: Reflect.getMetadata(REQUIRED_SCOPES, handler) as string[] | undefined,
          body: bodyOf(controller, name, handler),
        });
      }
    }
  }
  return routes;
}
