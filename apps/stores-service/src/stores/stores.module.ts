import { EventBus, RpcClient } from '@commerce/messaging';
import {
  ProjectSettings,
  ReferenceResolver,
  engineProvider,
  resourceRpcController,
} from '@commerce/resources';
import { Module } from '@nestjs/common';
import { STORE_ENGINE, defineStore, storeSubjects } from './store.definition.js';

@Module({
  controllers: [resourceRpcController(storeSubjects, STORE_ENGINE)],
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
