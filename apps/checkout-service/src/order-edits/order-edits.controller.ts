import { Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrderEditApplication } from './order-edit-apply.js';

/** `POST /orders/edits/{id}/apply`; the six standard subjects are `resourceRpcController`'s. */
@Controller()
export class OrderEditApplyController {
  constructor(private readonly application: OrderEditApplication) {}

  @Handles(Subjects.checkout.applyOrderEdit)
  apply(@Payload() { ctx, id, body }: Rpc<{ id: string; body: unknown }>) {
    return this.application.apply(ctx, id, body);
  }
}
