import 'reflect-metadata';
import { OPERATION_SCOPES, operationForRoute } from '@commerce/auth';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@commerce/config';
import { gatewayEnv } from '../config.js';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes } from '../openapi/route-inventory.js';

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
    for (const route of declaredRoutes(app.get(ModulesContainer)).filter(
      (candidate) => !candidate.isPublic,
    )) {
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
