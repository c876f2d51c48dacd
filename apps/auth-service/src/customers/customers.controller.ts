import { Handles } from '@commerce/messaging';
import { Subjects, idOrKeyOf, versionOf, type Rpc } from '@commerce/contracts';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CustomersService, meId } from './customers.service.js';

const subjects = Subjects.auth.customer;
const account = Subjects.auth.customerAccount;

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Handles(subjects.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.customers.create(ctx, draft);
  }

  @Handles(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.customers.get(ctx, idOrKeyOf(ref));
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.customers.query(ctx, parseQueryParams(query ?? {}));
  }

  @Handles(subjects.exists)
  exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
    return this.customers.exists(
      ctx,
      ref === undefined ? undefined : idOrKeyOf(ref),
      parseQueryParams(query ?? {}),
    );
  }

  @Handles(subjects.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    return this.customers.update(ctx, idOrKeyOf(ref), update);
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
    return this.customers.delete(ctx, idOrKeyOf(ref), versionOf(version));
  }

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
