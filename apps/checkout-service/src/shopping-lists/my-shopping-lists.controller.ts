import { Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { MyShoppingListsService } from './my-shopping-lists.service.js';

const mine = Subjects.checkout.myShoppingList;

/** `/me/shopping-lists` (one line per subject; `MyShoppingListsService` decides). */
@Controller()
export class MyShoppingListsController {
  constructor(private readonly lists: MyShoppingListsService) {}

  @Handles(mine.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.lists.create(ctx, draft);
  }

  @Handles(mine.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.lists.query(ctx, query);
  }

  @Handles(mine.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.lists.get(ctx, ref);
  }

  @Handles(mine.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    return this.lists.update(ctx, ref, update);
  }

  @Handles(mine.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
    return this.lists.delete(ctx, ref, version);
  }
}
