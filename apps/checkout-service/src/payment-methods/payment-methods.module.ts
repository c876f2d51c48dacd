import { PaymentMethodResource } from '@commerce/contracts';
import { engineProvider, ReferenceResolver, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { PAYMENT_METHOD_ENGINE, definePaymentMethod } from './payment-method.definition.js';

@Module({
  controllers: [resourceRpcController(PaymentMethodResource, PAYMENT_METHOD_ENGINE)],
  providers: [engineProvider(PAYMENT_METHOD_ENGINE, definePaymentMethod, [ReferenceResolver])],
})
export class PaymentMethodsModule {}
