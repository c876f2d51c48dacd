import { Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersModule } from '../orders/orders.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { AnonymousSessions } from './anonymous-sessions.js';

@Controller()
export class AnonymousSessionsController {
  constructor(private readonly sessions: AnonymousSessions) {}

  @Handles(Subjects.checkout.assignAnonymousSession)
  assign(@Payload() { ctx, anonymousId, customerId }: Rpc<{ anonymousId: string; customerId: string }>) {
    return this.sessions.assign(ctx, anonymousId, customerId);
  }
}

/** An anonymous session's orders, payments and shopping lists handed to the customer who signs in or up. */
@Module({
  imports: [OrdersModule, PaymentsModule],
  controllers: [AnonymousSessionsController],
  providers: [AnonymousSessions],
})
export class AnonymousSessionsModule {}
