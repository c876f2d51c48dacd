import { Subjects, type Payment, type PaymentDraftDto, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { MyPayments } from './my-payments.service.js';
import { PAYMENT_ENGINE } from './payment.definition.js';

const my = Subjects.checkout.myPayment;

/** `/me/payments`: one line per subject; `MyPayments` decides. */
@Controller()
export class MyPaymentsController {
  private readonly payments: MyPayments;

  constructor(@Inject(PAYMENT_ENGINE) engine: ResourceEngine<Payment, PaymentDraftDto>) {
    this.payments = new MyPayments(engine);
  }

  @Handles(my.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.payments.create(ctx, draft);
  }

  @Handles(my.get)
  get(@Payload() { ctx, id }: Rpc<{ id: string }>) {
    return this.payments.get(ctx, id);
  }

  @Handles(my.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.payments.query(ctx, query);
  }

  @Handles(my.update)
  update(@Payload() { ctx, id, update }: Rpc<{ id: string; update: unknown }>) {
    return this.payments.update(ctx, id, update);
  }

  @Handles(my.delete)
  delete(@Payload() { ctx, id, version }: Rpc<{ id: string; version: number }>) {
    return this.payments.delete(ctx, id, version);
  }
}
