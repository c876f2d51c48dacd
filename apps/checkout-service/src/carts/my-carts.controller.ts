import { Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CartMerge } from './cart-merge.js';
import { CartsService } from './carts.service.js';
import { MyCartsService } from './my-carts.service.js';

const mine = Subjects.checkout.myCart;

@Controller()
export class MyCartsController {
  constructor(
    private readonly carts: MyCartsService,
    private readonly all: CartsService,
    private readonly merges: CartMerge,
  ) {}

  @Handles(mine.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.carts.create(ctx, draft);
  }

  @Handles(mine.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.carts.query(ctx, query);
  }

  @Handles(mine.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.carts.get(ctx, ref);
  }

  @Handles(mine.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    return this.carts.update(ctx, ref, update);
  }

  @Handles(mine.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
    return this.carts.delete(ctx, ref, version);
  }

  @Handles(mine.replicate)
  replicate(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.carts.replicate(ctx, draft);
  }

  @Handles(Subjects.checkout.replicateCart)
  replicateAny(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.all.replicate(ctx, draft);
  }

  @Handles(mine.active)
  active(@Payload() { ctx }: Rpc) {
    return this.carts.active(ctx);
  }

  @Handles(Subjects.checkout.cartByCustomer)
  byCustomer(@Payload() { ctx, customerId }: Rpc<{ customerId: string }>) {
    return this.carts.activeOfCustomer(ctx, customerId);
  }

  @Handles(Subjects.checkout.mergeCart)
  merge(@Payload() { ctx, customerId, draft }: Rpc<{ customerId: string; draft: unknown }>) {
    return this.merges.merge(ctx, customerId, draft);
  }

  @Handles(Subjects.checkout.checkMergeCart)
  checkMerge(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.merges.checkHandOver(ctx, draft);
  }
}
