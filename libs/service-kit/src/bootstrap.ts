import 'reflect-metadata';
import { ConfigError, releaseStartupMemory } from '@commerce/config';
import {
  DEADLINE_GRACE_MS,
  LeanNatsServer,
  RpcErrorFilter,
  serverOptions,
  type MessagingConfig,
} from '@commerce/messaging';
import {
  Module,
  type DynamicModule,
  type INestApplication,
  type INestMicroservice,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { ServiceName } from '@commerce/contracts';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { loadServiceConfig, messagingConfigOf, type ServiceConfig } from './config.js';
import { asService, nestLogger } from './logger.js';
import { migrateOnly } from './migrate-only.js';
import { ServiceKitModule, type ServiceDefinition } from './service-kit.module.js';

export interface ServiceApp extends ServiceDefinition {
  imports: Array<Type | DynamicModule>;
}

/** Builds the root module of a service from its definition and its feature modules. */
export function serviceRootModule(app: ServiceApp, config: ServiceConfig): DynamicModule {
  @Module({})
  class ServiceRootModule {}
  return { module: ServiceRootModule, imports: [ServiceKitModule.forService(app, config), ...app.imports] };
}

/**
 * The listener of an app. A NATS listener that stops waits for the work in flight at most as long as a
 * caller waits for it.
 */
export function listenerOptions(name: ServiceName, messaging: MessagingConfig): MicroserviceOptions {
  const options = serverOptions(name, messaging);
  const strategy = (options as { strategy?: unknown }).strategy;
  if (strategy instanceof LeanNatsServer)
    strategy.drainTimeoutMs = messaging.rpcTimeoutMs + DEADLINE_GRACE_MS;
  return options;
}

/**
 * Creates a service in its own process (the distributed mode): the NATS listener plus an HTTP port for the
 * health probes. SIGTERM (Nest's shutdown hooks): `/ready` answers 503, the listener leaves its queue group,
 * the work in flight is answered, the connections drain and the database pool closes.
 */
export function createService(app: ServiceApp, config: ServiceConfig): Promise<INestApplication> {
  return asService(app.name, async () => {
    const nest = await NestFactory.create(serviceRootModule(app, config), new FastifyAdapter(), {
      logger: nestLogger(config.LOG_LEVEL, app.name),
      bufferLogs: false,
    });
    nest.useGlobalFilters(new RpcErrorFilter());
    nest.connectMicroservice(listenerOptions(app.name, messagingConfigOf(config)), {
      inheritAppConfig: true,
    });
    nest.enableShutdownHooks();
    // Built, not yet listening: what starting took and no longer needs goes back to the system.
    releaseStartupMemory();
    await nest.startAllMicroservices();
    await nest.listen(config.HEALTH_PORT, config.HOST);
    return nest;
  });
}

/**
 * Creates a service inside the all-in-one process: its handlers join the in-process bus; it has no HTTP port
 * of its own (the gateway's `/health` and `/ready` speak for the process). The bus runs its handlers in the
 * context it is created in (so its log lines name it, also from handlers called by another app), counts them
 * in flight and refuses requests past their deadline, as the NATS listener does (`trackedHandler`).
 */
export function createInProcessService(app: ServiceApp, config: ServiceConfig): Promise<INestMicroservice> {
  return asService(app.name, async () => {
    const nest = await NestFactory.createMicroservice<MicroserviceOptions>(serviceRootModule(app, config), {
      ...serverOptions(app.name, messagingConfigOf(config)),
      logger: nestLogger(config.LOG_LEVEL, app.name),
      bufferLogs: false,
    });
    nest.useGlobalFilters(new RpcErrorFilter());
    await nest.listen();
    return nest;
  });
}

/** Entry point of a service's main.ts: validated configuration, start, and exit with the parent if asked. */
export async function runService(app: ServiceApp): Promise<void> {
  let config: ServiceConfig;
  try {
    config = loadServiceConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${app.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.MIGRATE_ONLY) {
    await migrateOnly(app, config);
    process.exit(0);
  }
  const started: { nest?: INestApplication } = {};
  if (config.EXIT_WITH_PARENT) exitWithParent(() => started.nest);
  started.nest = await createService(app, config);
}

const ORPHAN_CLOSE_MS = 3_000;

/**
 * The launcher's children stop when it dies, even by SIGKILL, also while they are still starting: no orphan
 * keeps a port or answers on the bus. Call it first thing; `app` is the application once it exists.
 */
export function exitWithParent(app: () => INestApplication | undefined, parent = process.ppid): void {
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    // A clean close if it comes soon; an orphan does not wait for peers that may be gone with the launcher.
    setTimeout(() => process.exit(0), ORPHAN_CLOSE_MS).unref();
    void (app()?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  }, 1_000);
  timer.unref();
}
