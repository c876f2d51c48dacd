import { Handles } from '@commerce/messaging';
import { Subjects, versionOf, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CustomersService, meId } from './customers.service.js';

const account = Subjects.auth.customerAccount;

/**
 * The customer of a customer token (`/me`). The six subjects of customers are derived from their descriptor
 * (`resourceRpcController(CustomerResource, CustomerHandlers)` in customers.module.ts).
 */
@Controller()
export class MyCustomerController {
  constructor(private readonly customers: CustomersService) {}

  @Handles(Subjects.auth.me)
  me(@Payload() { ctx }: Rpc) {
    return this.customers.me(ctx);
  }

  @Handles(account.updateMe)
  updateMe(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.customers.update(ctx, { id: meId(ctx) }, update, this.customers.myActions);
  }

  @Handles(account.deleteMe)
  deleteMe(@Payload() { ctx, version }: Rpc<{ version: unknown }>) {
    return this.customers.delete(ctx, { id: meId(ctx) }, versionOf(version));
  }
}
