import { Subjects, type IdOrKey, type Order, type OrderImportDraftDto, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ScopedOrders, scopeOf } from './order-handlers.js';
import { OrderCreation } from './order-creation.js';
import { OrderImportOperations } from './order-import-operations.js';
import { ORDER_ENGINE } from './order.definition.js';

const orders = Subjects.checkout.order;
const mine = Subjects.checkout.myOrder;

/** The Order subjects, project-wide, in a Store (`ctx.storeKey`) and on `/me`: one line each. */
@Controller()
export class OrdersController {
  private readonly orders: ScopedOrders;

  constructor(
    @Inject(ORDER_ENGINE) engine: ResourceEngine<Order, OrderImportDraftDto>,
    private readonly creation: OrderCreation,
    private readonly importOperations: OrderImportOperations,
  ) {
    this.orders = new ScopedOrders(engine);
  }

  @Handles(orders.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.creation.create(ctx, draft);
  }

  @Handles(mine.create)
  createMine(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.creation.createMine(ctx, draft);
  }

  @Handles(orders.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: IdOrKey }>) {
    return this.orders.get(ctx, ref);
  }

  @Handles(orders.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.orders.query(ctx, query);
  }

  @Handles(orders.exists)
  exists(@Payload() { ctx, ref, id, query }: Rpc<{ ref?: IdOrKey; id?: string; query?: RawQuery }>) {
    return this.orders.exists(ctx, typeof id === 'string' ? { id } : ref, query);
  }

  @Handles(orders.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: IdOrKey; update: unknown }>) {
    return this.orders.update(ctx, ref, update);
  }

  @Handles(orders.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: IdOrKey; version: number }>) {
    return this.orders.delete(ctx, ref, version);
  }

  @Handles(orders.import)
  import(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.orders.import(ctx, draft);
  }

  @Handles(orders.importOperations)
  importFromImportApi(@Payload() { ctx, items }: Rpc<{ items: unknown }>) {
    return this.importOperations.import(ctx, items);
  }

  @Handles(mine.get)
  getMine(@Payload() { ctx, id }: Rpc<{ id: string }>) {
    return this.orders.get(ctx, { id }, scopeOf(ctx, true));
  }

  @Handles(mine.query)
  queryMine(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.orders.query(ctx, query, scopeOf(ctx, true));
  }

  @Handles(mine.exists)
  existsMine(@Payload() { ctx, id, query }: Rpc<{ id?: string; query?: RawQuery }>) {
    return this.orders.exists(ctx, typeof id === 'string' ? { id } : undefined, query, scopeOf(ctx, true));
  }
}
