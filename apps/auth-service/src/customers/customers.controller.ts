import { Subjects, type Rpc } from '@commerce/contracts';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseRef, parseVersion } from '../rpc/rpc-input.js';
import { CustomersService, meId } from './customers.service.js';

const subjects = Subjects.auth.customer;
const account = Subjects.auth.customerAccount;

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @MessagePattern(subjects.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.customers.create(ctx, draft);
  }

  @MessagePattern(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.customers.get(ctx, parseRef(ref));
  }

  @MessagePattern(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.customers.query(ctx, parseQueryParams(query ?? {}));
  }

  @MessagePattern(subjects.exists)
  exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
    return this.customers.exists(
      ctx,
      ref === undefined ? undefined : parseRef(ref),
      parseQueryParams(query ?? {}),
    );
  }

  @MessagePattern(subjects.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    return this.customers.update(ctx, parseRef(ref), update);
  }

  @MessagePattern(subjects.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
    return this.customers.delete(ctx, parseRef(ref), parseVersion(version));
  }

  @MessagePattern(Subjects.auth.me)
  me(@Payload() { ctx }: Rpc) {
    return this.customers.me(ctx);
  }

  @MessagePattern(account.updateMe)
  updateMe(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.customers.update(ctx, { id: meId(ctx) }, update, this.customers.myActions);
  }

  @MessagePattern(account.deleteMe)
  deleteMe(@Payload() { ctx, version }: Rpc<{ version: unknown }>) {
    return this.customers.delete(ctx, { id: meId(ctx) }, parseVersion(version));
  }
}
