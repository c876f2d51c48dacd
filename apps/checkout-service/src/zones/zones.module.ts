import { ZoneResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { ZONE_ENGINE, defineZone } from './zone.definition.js';

@Module({
  controllers: [resourceRpcController(ZoneResource, ZONE_ENGINE)],
  providers: [engineProvider(ZONE_ENGINE, () => defineZone())],
})
export class ZonesModule {}
