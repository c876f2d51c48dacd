import 'reflect-metadata';
import { loadConfig } from '@commerce/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { gatewayEnv } from '../config.js';
import { GatewayModule } from '../gateway.module.js';

/** The gateway as it routes (no listener), with every route pattern it registered, by method. */
export interface BootedRoutes {
  app: NestFastifyApplication;
  patterns: Map<string, string[]>;
}

/** Boots the real gateway's router for the tests that walk its route table; `app.close()` afterwards. */
export async function bootRouteTable(): Promise<BootedRoutes> {
  const patterns = new Map<string, string[]>();
  const adapter = new FastifyAdapter({
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      patterns.set(method, [...(patterns.get(method) ?? []), route.url]);
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(loadConfig(gatewayEnv, {})),
    adapter,
    { logger: false },
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, patterns };
}
