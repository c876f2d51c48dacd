import {
  Subjects,
  type Cart,
  type CustomerDraftDto,
  type CustomerSigninDto,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** What a sign-in or sign-up hands over from an anonymous session (checkout facts 4.8). */
export interface HandOver {
  anonymousCart?: { typeId: 'cart'; id?: string; key?: string };
  anonymousId?: string;
}

/**
 * An anonymous session handed to the customer who signs in or up. The session is the body's `anonymousId`,
 * else that of the anonymous session whose token signs in or up (`/me/login`, `/me/signup`). checkout-service
 * owns what moves: the session's orders, payments and shopping lists (`checkout.anonymous-sessions.assign`),
 * and its carts with the anonymous cart (`checkout.carts.merge`).
 */
@Injectable()
export class AnonymousSession {
  constructor(private readonly rpc: RpcClient) {}

  /** The hand-over a sign-in's or sign-up's body names (`anonymousCartId` is the deprecated form). */
  of(ctx: RequestContext, body: CustomerSigninDto | CustomerDraftDto): HandOver {
    const cart = body.anonymousCart ?? (body.anonymousCartId ? { id: body.anonymousCartId } : undefined);
    const anonymousId = body.anonymousId ?? ctx.actor.anonymousId;
    return {
      ...(cart ? { anonymousCart: { ...cart, typeId: 'cart' } } : {}),
      ...(anonymousId !== undefined ? { anonymousId } : {}),
    };
  }

  /** Refuses, before anything is written, an anonymous cart the merge would refuse. */
  async check(ctx: RequestContext, handOver: HandOver): Promise<void> {
    if (handOver.anonymousCart) await this.rpc.send(Subjects.checkout.checkMergeCart, { ctx, draft: handOver });
  }

  /**
   * The session's carts with the anonymous cart (merged or adopted by `mergeMode`), then its orders, payments
   * and lists: a merge that refuses hands nothing over. Answers the customer's active cart, if any.
   */
  async handTo(
    ctx: RequestContext,
    customerId: string,
    handOver: HandOver,
    merge: { mergeMode?: string; updateProductData?: boolean } = {},
  ): Promise<Cart | null> {
    const draft = { ...handOver, ...merge };
    const cart = await this.rpc.send(Subjects.checkout.mergeCart, { ctx, customerId, draft });
    if (handOver.anonymousId !== undefined) {
      const { anonymousId } = handOver;
      await this.rpc.send(Subjects.checkout.assignAnonymousSession, { ctx, anonymousId, customerId });
    }
    return cart;
  }
}
