import { StoreResource } from '@commerce/contracts';
import { EventBus, RpcClient } from '@commerce/messaging';
import {
  ProjectSettings,
  ReferenceResolver,
  engineProvider,
  resourceRpcController,
} from '@commerce/resources';
import { Module } from '@nestjs/common';
import { STORE_ENGINE, defineStore } from './store.definition.js';

@Module({
  controllers: [resourceRpcController(StoreResource, STORE_ENGINE)],
  providers: [
    engineProvider(
      STORE_ENGINE,
      (resolver: ReferenceResolver, settings: ProjectSettings, events: EventBus, rpc: RpcClient) =>
        defineStore({ resolver, settings, events, rpc }),
      [ReferenceResolver, ProjectSettings, EventBus, RpcClient],
    ),
  ],
})
export class StoresModule {}
