import { TypeResource } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { TYPE_ENGINE, defineType } from './type.definition.js';

@Module({
  controllers: [resourceRpcController(TypeResource, TYPE_ENGINE)],
  providers: [engineProvider(TYPE_ENGINE, (rpc: RpcClient) => defineType({ rpc }), [RpcClient])],
})
export class TypesModule {}
