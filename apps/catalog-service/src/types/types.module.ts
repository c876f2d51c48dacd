import { Subjects } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { TYPE_ENGINE, defineType } from './type.definition.js';

@Module({
  controllers: [resourceRpcController(Subjects.catalog.type, TYPE_ENGINE)],
  providers: [engineProvider(TYPE_ENGINE, () => defineType())],
})
export class TypesModule {}
