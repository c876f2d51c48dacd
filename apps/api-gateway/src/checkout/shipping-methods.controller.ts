import { Operation } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Controller, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';

/** `/shipping-methods/matching-location`: the methods that ship to a country (and state), in a currency. */
@Controller()
export class MatchingShippingMethodsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('shippingMethods.matchingLocation')
  matchingLocation(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(Subjects.checkout.shippingMethod.matchingLocation, { ctx, query });
  }

  @Operation('shippingMethods.existsMatchingLocation')
  async existsMatchingLocation(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    const page = await this.rpc.send(Subjects.checkout.shippingMethod.matchingLocation, { ctx, query });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'matching-location' });
  }
}

/**
 * `/shipping-methods/matching-cart?cartId`, `/matching-cart-location?cartId&country&state` and the in-store
 * `matching-cart` (a cart of another Store is not found there): the methods that can ship the cart.
 */
@Controller()
export class MatchingCartShippingMethodsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('shippingMethods.matchingCart')
  matchingCart(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(Subjects.checkout.matchingCart, { ctx, query });
  }

  @Operation('shippingMethods.existsMatchingCart')
  async existsMatchingCart(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    const page = await this.rpc.send(Subjects.checkout.matchingCart, { ctx, query });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'matching-cart' });
  }

  @Operation('shippingMethods.matchingCartLocation')
  matchingCartLocation(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(Subjects.checkout.matchingCartLocation, { ctx, query });
  }

  @Operation('shippingMethods.existsMatchingCartLocation')
  async existsMatchingCartLocation(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    const page = await this.rpc.send(Subjects.checkout.matchingCartLocation, { ctx, query });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'matching-cart-location' });
  }

  @Operation('inStore.shippingMethods.matchingCart')
  inStoreMatchingCart(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(Subjects.checkout.matchingCart, { ctx, query });
  }

  @Operation('inStore.shippingMethods.existsMatchingCart')
  async inStoreExistsMatchingCart(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    const page = await this.rpc.send(Subjects.checkout.matchingCart, { ctx, query });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'matching-cart' });
  }
}

/** `/shipping-methods/matching-orderedit?orderEditId&country&state`: the methods that can ship an edit's preview. */
@Controller()
export class MatchingOrderEditShippingMethodsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('shippingMethods.matchingOrderEdit')
  matchingOrderEdit(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(Subjects.checkout.matchingOrderEdit, { ctx, query });
  }

  @Operation('shippingMethods.existsMatchingOrderEdit')
  async existsMatchingOrderEdit(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    const page = await this.rpc.send(Subjects.checkout.matchingOrderEdit, { ctx, query });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'matching-orderedit' });
  }
}
