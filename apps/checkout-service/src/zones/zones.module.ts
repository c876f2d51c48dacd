import { ZoneResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { refuseIfShippingMethodsUseZone } from '../shipping-methods/shipping-method-usage.js';
import { ZONE_ENGINE, defineZone } from './zone.definition.js';

@Module({
  controllers: [resourceRpcController(ZoneResource, ZONE_ENGINE)],
  providers: [
    engineProvider(ZONE_ENGINE, () =>
      defineZone({
        beforeDelete: (zone, { ctx, db }) => refuseIfShippingMethodsUseZone(db, ctx.projectKey, zone.id),
      }),
    ),
  ],
})
export class ZonesModule {}
