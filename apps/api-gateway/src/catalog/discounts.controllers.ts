import { Operation } from '@commerce/auth';
import {
  ProductDiscountResource,
  StandalonePriceResource,
  Subjects,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { resourceController } from '../resources/resource-controller.js';

export const ProductDiscountsController = resourceController(ProductDiscountResource);
export const StandalonePricesController = resourceController(StandalonePriceResource);

/** `POST /{projectKey}/product-discounts/matching`: catalog-service checks the query and finds the discount. */
@Controller()
export class ProductDiscountMatchingController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('productDiscounts.matching')
  @HttpCode(200)
  matching(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.rpc.send(Subjects.catalog.productDiscount.matching, { ctx, query: body ?? {} });
  }
}
