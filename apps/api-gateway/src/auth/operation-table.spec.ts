import 'reflect-metadata';
import { OPERATION_SCOPES, PUBLIC_ROUTE, REQUIRED_SCOPES, operationForRoute } from '@commerce/auth';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@commerce/config';
import { gatewayEnv } from '../config.js';
import { GatewayModule } from '../gateway.module.js';

interface DeclaredRoute {
  method: string;
  path: string;
  isPublic: boolean;
  scopes?: string[];
}

const joinPath = (...parts: Array<string | undefined>) =>
  `/${parts
    .filter((part): part is string => part !== undefined && part !== '' && part !== '/')
    .map((part) => part.replace(/^\/|\/$/g, ''))
    .join('/')}`;

/** Every route of every controller, with what it declares, read from Nest's metadata. */
function declaredRoutes(app: NestFastifyApplication): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
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
        });
      }
    }
  }
  return routes;
}

describe('the operation table of @commerce/auth and the gateway routes', () => {
  let app: NestFastifyApplication;
  const registered = new Set<string>();

  beforeAll(async () => {
    const adapter = new FastifyAdapter({
      exposeHeadRoutes: false,
      routerOptions: { ignoreTrailingSlash: true },
    });
    adapter.getInstance().addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    app = await NestFactory.create<NestFastifyApplication>(
      GatewayModule.forRoot(loadConfig(gatewayEnv, {})),
      adapter,
      {
        logger: false,
      },
    );
    await app.init();
  });
  afterAll(() => app?.close());

  it('names every data route of the gateway, with the scopes its decorator declares', () => {
    const problems: string[] = [];
    for (const route of declaredRoutes(app).filter((candidate) => !candidate.isPublic)) {
      const operation = operationForRoute(route.method, route.path);
      if (!operation) {
        problems.push(`${route.method} ${route.path} is not in libs/auth/src/operation-scopes.ts`);
      } else if (route.scopes && [...route.scopes].sort().join() !== [...operation.scopes].sort().join()) {
        problems.push(
          `${route.method} ${route.path} declares ${route.scopes.join('|')}, the table ${operation.scopes.join('|')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('serves every operation of the table', () => {
    const missing = Object.entries(OPERATION_SCOPES)
      .filter(([, operation]) => !registered.has(`${operation.method} ${operation.path}`))
      .map(([id, operation]) => `${id}: ${operation.method} ${operation.path}`);
    expect(missing).toEqual([]);
  });
});
