import { TypeResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { TYPE_ENGINE, defineType } from './type.definition.js';

@Module({
  controllers: [resourceRpcController(TypeResource, TYPE_ENGINE)],
  providers: [engineProvider(TYPE_ENGINE, () => defineType())],
})
export class TypesModule {}
