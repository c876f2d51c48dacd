import 'reflect-metadata';
import { releaseStartupMemory } from '@commerce/config';
import { activeTracer } from '@commerce/tracing';
import { asService, listenerOptions, messagingConfigOf, nestLogger, rootLogger } from '@commerce/service-kit';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { NestMicroservice } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import type { GatewayConfig } from './config.js';
import { AuthGuard } from './auth/auth.guard.js';
import { GatewayModule } from './gateway.module.js';
import { clientErrorHandler } from './http/blocked-requests.js';
import { setUpCors } from './http/cors.js';
import { frameworkErrorHandler, setUpFastify } from './http/fastify-setup.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { BODY_LIMIT, leaveContinueToBodyGate } from './http/media-types.js';
import { setUpSecurityHeaders } from './http/security-headers.js';
import { plainHttpRefusal, tlsOptions } from './http/tls.js';
import { installTracingHooks } from './http/tracing-hooks.js';
import { TelemetryCollector } from './insights/telemetry-collector.js';
import { installDescribedRoutes } from './resources/described-routes.js';
import { installTelemetryHook } from './insights/telemetry-hook.js';

export { loadGatewayConfig, type GatewayConfig } from './config.js';

/** The HTTP edge: API, authorization and import endpoints on one port, plus the event listener. */
export function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  return asService('api-gateway', () => startGateway(config));
}

async function startGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const logger = rootLogger(config.LOG_LEVEL, 'api-gateway');
  // URL plus headers are limited to about 15 KB (spec: Limits).
  const maxHeaderSize = 15 * 1024;
  const tls = tlsOptions(config);
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    ...(tls ? { https: { ...tls, maxHeaderSize } } : { http: { maxHeaderSize } }),
    // What Node's parser refuses (too large, unknown HTTP version) gets the API's error body too.
    clientErrorHandler: clientErrorHandler(logger),
    // What Fastify's router refuses (a path that does not decode, a segment too long) too.
    frameworkErrors: frameworkErrorHandler(logger),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // Behind an ingress: the client's address (per-IP rate limits) from the trusted proxies' X-Forwarded-For.
    ...(config.TRUST_PROXY ? { trustProxy: config.TRUST_PROXY } : {}),
    // HEAD routes are explicit (existence checks answer 200/404 without running the GET).
    exposeHeadRoutes: false,
    // While closing, late requests get the API's error body from our own hook (fastify-setup.ts).
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    logger: nestLogger(config.LOG_LEVEL, 'api-gateway'),
    // Our own parsers (fastify-setup.ts): empty JSON bodies allowed, the API's error for malformed JSON.
    bodyParser: false,
  });
  const tracer = activeTracer();
  // First: the request's span covers the other hooks too.
  if (tracer) installTracingHooks(app.getHttpAdapter().getInstance(), tracer);
  await setUpCors(app.getHttpAdapter().getInstance(), config.CORS_ORIGINS);
  setUpSecurityHeaders(app.getHttpAdapter().getInstance());
  await setUpFastify(app.getHttpAdapter().getInstance(), logger, { requestTimeoutMs: config.RPC_TIMEOUT_MS });
  leaveContinueToBodyGate(app.getHttpServer());
  installTelemetryHook(app.getHttpAdapter().getInstance(), app.get(TelemetryCollector));
  // Last of the hooks: the described resources' routes, answered without Nest's per-request pipeline.
  installDescribedRoutes(app.getHttpAdapter().getInstance(), {
    modules: app.get(ModulesContainer),
    guard: app.get(AuthGuard),
    logger,
  });
  app.useGlobalFilters(new HttpErrorFilter(logger));
  // The lifecycle hooks are the app's own (they run once, as for a listener connected without
  // deferInitialization).
  const bus = app.connectMicroservice(listenerOptions('api-gateway', messagingConfigOf(config)), {
    inheritAppConfig: false,
    deferInitialization: true,
  }) as NestMicroservice;
  bus.setIsInitHookCalled(true);
  app.enableShutdownHooks();
  // Built, not yet listening: what starting took and no longer needs goes back to the system (all-in-one:
  // every service is built by now, so once for the whole process).
  releaseStartupMemory();
  await app.startAllMicroservices();
  const plain = tls && config.HTTP_PORT !== 0 ? plainHttpRefusal() : undefined;
  if (plain) {
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onClose', async () => {
        plain.closeAllConnections();
        await new Promise((resolve) => plain.close(resolve));
      });
  }
  await app.listen(config.PORT, config.HOST);
  // With TLS, the plain-HTTP port answers 404 with HTML; it closes with the app.
  if (plain) await listen(plain, config.HTTP_PORT, config.HOST);
  return app;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
