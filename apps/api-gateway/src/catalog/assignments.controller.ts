import { RequireScopes } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { PagedClient } from './paged-client.js';

/** Which products a selection holds, and which selections hold a product. */
@Controller(':projectKey')
export class AssignmentsController {
  constructor(private readonly pages: PagedClient) {}

  @Get('product-selections/:idOrKey/products')
  @RequireScopes('productSelections.products')
  products(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.pages.page(Subjects.catalog.productSelection.products, ctx, query, ref);
  }

  @Get('products/:idOrKey/product-selections')
  @RequireScopes('products.productSelections')
  selections(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.pages.page(Subjects.catalog.product.productSelections, ctx, query, ref);
  }
}
