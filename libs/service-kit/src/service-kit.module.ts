import type { ServiceName, SubjectPrefix } from '@commerce/contracts';
import { Handles, MessagingModule, RpcClient } from '@commerce/messaging';
import { connectionBudget, openDatabase, type DatabaseOptions } from '@commerce/persistence';
import { flushTracing } from '@commerce/tracing';
import {
  Controller,
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, messagingConfigOf, type ServiceConfig } from './config.js';
import {
  AppLifecycle,
  HealthController,
  ProbeController,
  READINESS_CHECKS,
  Readiness,
  processReadiness,
  type ReadinessCheck,
} from './health.js';
import { loggerModule } from './logger.js';

export interface ServiceDefinition {
  name: ServiceName;
  /** The first segment of the subjects this service answers; `<prefix>.ping` answers `{pong: true}`. */
  subjectPrefix?: SubjectPrefix;
  database?: Omit<DatabaseOptions, 'url'>;
  /**
   * Its HTTP port is public (the gateway's API port): `/ready` there answers the status only, the detail is for
   * the probe port. Otherwise its HTTP port is the internal probe port (a service's `HEALTH_PORT`).
   */
  publicHttp?: boolean;
}

function pingController(subject: `${SubjectPrefix}.ping`) {
  @Controller()
  class PingController {
    @Handles(subject)
    ping() {
      return { pong: true as const };
    }
  }
  return PingController;
}

/**
 * An app's life in its process: its readiness checks join the process's while it runs; at shutdown `/ready`
 * turns 503 first (before the listener leaves its queue group and drains), and the database pool is closed
 * last, once the work in flight is answered.
 */
@Injectable()
class ServiceLifecycle implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    private readonly lifecycle: AppLifecycle,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    @Optional() private readonly db?: DataSource,
  ) {}

  onModuleInit(): void {
    for (const check of this.checks) processReadiness.set(check.name, check);
  }

  beforeApplicationShutdown(): void {
    this.lifecycle.stopping = true;
    for (const check of this.checks) processReadiness.delete(check.name);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.db?.isInitialized) await this.db.destroy();
    // The spans still buffered leave before the process ends (nothing while tracing is off).
    await flushTracing();
  }
}

/** Warns when this process's pool does not fit in the server's free connection slots (docs/RELIABILITY.md). */
async function warnIfPoolTooLarge(db: DataSource, name: string, poolSize: number): Promise<void> {
  const budget = await connectionBudget(db).catch(() => undefined);
  if (!budget || poolSize <= budget.free) return;
  new Logger(name).warn(
    `DATABASE_POOL_SIZE=${poolSize} exceeds the ${budget.free} free connection slots of the server ` +
      `(max_connections ${budget.maxConnections}, ${budget.reserved} reserved, ${budget.inUse} in use): ` +
      'keep the sum of the pools of every replica below max_connections.',
  );
}

/** What every service gets: config, logging, messaging, its database (migrated), health and readiness. */
@Module({})
export class ServiceKitModule {
  static forService(definition: ServiceDefinition, config: ServiceConfig): DynamicModule {
    const providers: Provider[] = [{ provide: SERVICE_CONFIG, useValue: config }, AppLifecycle, Readiness];
    const checks: Array<(rpc: RpcClient, db?: DataSource) => ReadinessCheck> = [];
    const exports: Array<symbol | typeof DataSource | typeof AppLifecycle | typeof Readiness> = [
      SERVICE_CONFIG,
      AppLifecycle,
      Readiness,
    ];
    const controllers: Array<new (...args: never[]) => unknown> = [
      definition.publicHttp ? HealthController : ProbeController,
    ];

    if (definition.database) {
      if (!config.DATABASE_URL) throw new Error(`${definition.name} needs DATABASE_URL.`);
      const options: DatabaseOptions = {
        ...definition.database,
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        timeouts: {
          statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          lockMs: config.DATABASE_LOCK_TIMEOUT_MS,
          idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        },
      };
      providers.push({
        provide: DataSource,
        useFactory: async () => {
          const db = await openDatabase(options);
          await warnIfPoolTooLarge(db, definition.name, config.DATABASE_POOL_SIZE);
          return db;
        },
      });
      exports.push(DataSource);
      checks.push((_rpc, db) => ({
        name: `database:${options.schema}`,
        check: async () => void (await db!.query('SELECT 1')),
      }));
    }
    if (definition.subjectPrefix) controllers.push(pingController(`${definition.subjectPrefix}.ping`));
    checks.push((rpc) => ({ name: `nats:${definition.name}`, check: () => rpc.checkConnection() }));
    providers.push(
      {
        provide: READINESS_CHECKS,
        useFactory: (rpc: RpcClient, db?: DataSource) => checks.map((make) => make(rpc, db)),
        inject: definition.database ? [RpcClient, DataSource] : [RpcClient],
      },
      ServiceLifecycle,
    );

    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        loggerModule(config.LOG_LEVEL, definition.name),
        MessagingModule.register(definition.name, messagingConfigOf(config)),
      ],
      controllers,
      providers,
      exports,
    };
  }
}
