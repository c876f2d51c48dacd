import { PaymentResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { MyPaymentsController } from './my-payments.controller.js';
import { PAYMENT_ENGINE, definePayment } from './payment.definition.js';

@Module({
  controllers: [resourceRpcController(PaymentResource, PAYMENT_ENGINE), MyPaymentsController],
  providers: [
    engineProvider(PAYMENT_ENGINE, (resolver: ReferenceResolver) => definePayment(resolver), [
      ReferenceResolver,
    ]),
  ],
  exports: [PAYMENT_ENGINE],
})
export class PaymentsModule {}
