import { Subjects, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/**
 * At sign-in, the anonymous session's shopping lists follow the customer (SDK CustomerSignin `anonymousId`:
 * "Assigns the Customer to all ... ShoppingLists ... with the same anonymousId"): the `anonymousId` of the
 * sign-in, else that of the anonymous session whose token signs in (`/me/login`). checkout-service owns the
 * lists and moves them in one statement (`checkout.shopping-lists.assign-anonymous`).
 */
@Injectable()
export class AnonymousShoppingLists {
  constructor(private readonly rpc: RpcClient) {}

  async follow(ctx: RequestContext, customerId: string, anonymousId: string | undefined): Promise<void> {
    const id = anonymousId ?? ctx.actor.anonymousId;
    if (id === undefined) return;
    await this.rpc.send(Subjects.checkout.assignAnonymousShoppingLists, { ctx, anonymousId: id, customerId });
  }
}
