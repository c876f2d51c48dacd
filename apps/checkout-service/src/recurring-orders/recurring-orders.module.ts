import { RecurrencePolicyResource, RecurringOrderResource } from '@commerce/contracts';
import { engineProvider, ReferenceResolver, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { RECURRENCE_POLICY_ENGINE, defineRecurrencePolicy } from './recurrence-policy.definition.js';
import { RECURRING_ORDER_SETTINGS, type RecurringOrderSettings } from './recurring-order-clock.js';
import { RECURRING_ORDER_ENGINE, defineRecurringOrder } from './recurring-order.definition.js';
import { RecurringOrderRunner } from './recurring-order-runner.js';
import { RecurringOrderScheduler } from './recurring-order-scheduler.js';

@Module({
  // OrdersModule also gives the schedule clock (RECURRING_ORDER_SETTINGS).
  imports: [CartsModule, OrdersModule],
  controllers: [
    resourceRpcController(RecurrencePolicyResource, RECURRENCE_POLICY_ENGINE),
    resourceRpcController(RecurringOrderResource, RECURRING_ORDER_ENGINE),
  ],
  providers: [
    engineProvider(RECURRENCE_POLICY_ENGINE, defineRecurrencePolicy),
    engineProvider(
      RECURRING_ORDER_ENGINE,
      (resolver: ReferenceResolver, settings: RecurringOrderSettings) =>
        defineRecurringOrder(resolver, settings),
      [ReferenceResolver, RECURRING_ORDER_SETTINGS],
    ),
    RecurringOrderRunner,
    RecurringOrderScheduler,
  ],
})
export class RecurringOrdersModule {}
