import { Module, type DynamicModule } from '@nestjs/common';
import { EventBus } from './event-bus.js';
import { RpcClient } from './rpc-client.js';
import type { MessagingConfig } from './transport.js';

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');

@Module({})
export class MessagingModule {
  /** Gives a service its RpcClient and EventBus, configured for the current mode. */
  static register(caller: string, config: MessagingConfig): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: MESSAGING_CONFIG, useValue: config },
        { provide: RpcClient, useFactory: () => new RpcClient(caller, config) },
        {
          provide: EventBus,
          useFactory: (client: RpcClient) => new EventBus(client),
          inject: [RpcClient],
        },
      ],
      exports: [MESSAGING_CONFIG, RpcClient, EventBus],
    };
  }
}
