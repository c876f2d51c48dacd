import type { ServiceName } from '@commerce/contracts';
import { MessagingModule, RpcClient } from '@commerce/messaging';
import { openDatabase, type DatabaseOptions } from '@commerce/persistence';
import { Controller, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, messagingConfigOf, type ServiceConfig } from './config.js';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from './health.js';
import { loggerModule } from './logger.js';

export interface ServiceDefinition {
  name: ServiceName;
  /** The first segment of the subjects this service answers; `<prefix>.ping` proves messaging works. */
  subjectPrefix?: string;
  database?: Omit<DatabaseOptions, 'url'>;
  /** Subjects pinged by `/ready`; by default the service's own `<prefix>.ping`. */
  readinessPings?: string[];
}

function pingController(subject: string) {
  @Controller()
  class PingController {
    @MessagePattern(subject)
    ping() {
      return { pong: true };
    }
  }
  return PingController;
}

/** What every service gets: config, logging, messaging, its database (migrated), health and readiness. */
@Module({})
export class ServiceKitModule {
  static forService(definition: ServiceDefinition, config: ServiceConfig): DynamicModule {
    const providers: Provider[] = [{ provide: SERVICE_CONFIG, useValue: config }];
    const checks: Array<(rpc: RpcClient, db?: DataSource) => ReadinessCheck> = [];
    const exports: Array<symbol | typeof DataSource> = [SERVICE_CONFIG];
    const controllers: Array<new (...args: never[]) => unknown> = [HealthController];

    if (definition.database) {
      if (!config.DATABASE_URL) throw new Error(`${definition.name} needs DATABASE_URL.`);
      const options: DatabaseOptions = {
        ...definition.database,
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
      };
      providers.push({ provide: DataSource, useFactory: () => openDatabase(options) });
      exports.push(DataSource);
      checks.push((_rpc, db) => ({
        name: 'database',
        check: async () => void (await db!.query('SELECT 1')),
      }));
    }
    if (definition.subjectPrefix) controllers.push(pingController(`${definition.subjectPrefix}.ping`));
    const pings =
      definition.readinessPings ?? (definition.subjectPrefix ? [`${definition.subjectPrefix}.ping`] : []);
    for (const subject of pings) {
      checks.push((rpc) => ({
        name: `messaging:${subject}`,
        check: async () => void (await rpc.send(subject, {})),
      }));
    }
    providers.push({
      provide: READINESS_CHECKS,
      useFactory: (rpc: RpcClient, db?: DataSource) => checks.map((make) => make(rpc, db)),
      inject: definition.database ? [RpcClient, DataSource] : [RpcClient],
    });

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
