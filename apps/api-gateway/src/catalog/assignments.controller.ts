import { Operation } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { Controller, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { PagedClient } from './paged-client.js';

/** Which products a selection holds, and which selections hold a product. */
@Controller()
export class AssignmentsController {
  constructor(private readonly pages: PagedClient) {}

  @Operation('productSelections.products')
  products(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.pages.page(Subjects.catalog.productSelection.products, ctx, query, ref);
  }

  @Operation('products.productSelections')
  selections(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.pages.page(Subjects.catalog.product.productSelections, ctx, query, ref);
  }
}
