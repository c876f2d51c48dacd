import { Handles } from '@commerce/messaging';
import {
  Subjects,
  type AssignedProductReference,
  type AssignedProductSelection,
  type PagedQueryResponse,
  type Rpc,
} from '@commerce/contracts';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { productsTable } from '../products/products.table.js';
import { findOrNotFound, pageOf } from '../shared/refs.js';
import { assignments } from './assignments.repository.js';
import { productSelectionsTable } from './product-selections.table.js';

type Query = Rpc<{ ref: unknown; query?: RawQuery }>;

/** `GET /product-selections/{id}/products` and `GET /products/{id}/product-selections`. */
@Controller()
export class AssignmentQueriesController {
  constructor(private readonly db: DataSource) {}

  @Handles(Subjects.catalog.productSelection.products)
  async products(
    @Payload() { ctx, ref, query }: Query,
  ): Promise<PagedQueryResponse<AssignedProductReference>> {
    const paging = parseQueryParams(query ?? {});
    const selection = await findOrNotFound(productSelectionsTable, this.db, ctx, ref);
    const page = await assignments.page(this.db, ctx.projectKey, { selectionId: selection.id }, paging);
    const results = page.assignments.map(({ productId, variantSelection, variantExclusion }) => ({
      product: { typeId: 'product' as const, id: productId },
      ...(variantSelection ? { variantSelection } : {}),
      ...(variantExclusion ? { variantExclusion } : {}),
    }));
    return pageOf(paging, results, page.total);
  }

  @Handles(Subjects.catalog.product.productSelections)
  async selections(
    @Payload() { ctx, ref, query }: Query,
  ): Promise<PagedQueryResponse<AssignedProductSelection>> {
    const paging = parseQueryParams(query ?? {});
    const product = await findOrNotFound(productsTable, this.db, ctx, ref);
    const page = await assignments.page(this.db, ctx.projectKey, { productId: product.id }, paging);
    const results = page.assignments.map(
      ({ selectionId, variantSelection, variantExclusion, createdAt }) => ({
        productSelection: { typeId: 'product-selection' as const, id: selectionId },
        ...(variantSelection ? { variantSelection } : {}),
        ...(variantExclusion ? { variantExclusion } : {}),
        createdAt,
      }),
    );
    return pageOf(paging, results, page.total);
  }
}
