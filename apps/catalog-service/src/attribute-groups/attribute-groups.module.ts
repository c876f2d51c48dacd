import { AttributeGroupResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { ATTRIBUTE_GROUP_ENGINE, defineAttributeGroup } from './attribute-group.definition.js';

@Module({
  controllers: [resourceRpcController(AttributeGroupResource, ATTRIBUTE_GROUP_ENGINE)],
  providers: [engineProvider(ATTRIBUTE_GROUP_ENGINE, () => defineAttributeGroup())],
})
export class AttributeGroupsModule {}
