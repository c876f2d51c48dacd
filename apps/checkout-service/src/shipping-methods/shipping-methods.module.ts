import { ShippingMethodResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { MatchingCartController } from './matching-cart.controller.js';
import { MatchingLocationController } from './matching-location.controller.js';
import { SHIPPING_METHOD_ENGINE, defineShippingMethod } from './shipping-method.definition.js';

@Module({
  controllers: [
    resourceRpcController(ShippingMethodResource, SHIPPING_METHOD_ENGINE),
    MatchingLocationController,
    MatchingCartController,
  ],
  providers: [
    engineProvider(
      SHIPPING_METHOD_ENGINE,
      (resolver: ReferenceResolver) => defineShippingMethod({ resolver }),
      [ReferenceResolver],
    ),
  ],
})
export class ShippingMethodsModule {}
