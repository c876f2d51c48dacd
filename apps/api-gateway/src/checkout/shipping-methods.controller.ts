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
