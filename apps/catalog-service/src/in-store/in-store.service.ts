import type {
  PagedQueryResponse,
  ProductProjection,
  ProductSelectionAssignment,
  RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assignments } from '../product-selections/assignments.repository.js';
import { projectionOf } from '../products/product-data.js';
import { productsTable } from '../products/products.table.js';
import { findOrNotFound, refOf } from '../shared/refs.js';
import { availableVariants, withOnlyVariants, type AvailabilityScope } from './availability.js';
import { storeAssignmentsPage } from './store-assignments.js';
import { storeScope } from './store-scope.js';
import { StoreSettingsCache } from './store-settings.cache.js';

/** Products as a Store offers them: the spec's availability rules over the Store's product selections. */
@Injectable()
export class InStoreService {
  constructor(
    private readonly db: DataSource,
    private readonly stores: StoreSettingsCache,
  ) {}

  /** The current (or staged) projection with the variants the Store offers; 404 when it offers none. */
  async projection(ctx: RequestContext, rawRef: unknown, staged: boolean): Promise<ProductProjection> {
    const ref = refOf(rawRef);
    const scope = await this.scope(ctx);
    const product = await findOrNotFound(productsTable, this.db, ctx, ref);
    if (!staged && !product.masterData.published) throw Errors.resourceNotFound(ref);
    const projection = projectionOf(product, staged);
    const entries =
      scope.kind === 'selections'
        ? await assignments.ofProductIn(this.db, ctx.projectKey, product.id, [
            ...scope.individual,
            ...scope.exclusion,
          ])
        : [];
    const variants = availableVariants(scope, entries, [projection.masterVariant, ...projection.variants]);
    if (!variants) throw Errors.resourceNotFound(ref);
    return withOnlyVariants(projection, variants);
  }

  /** The products the Store's active selections offer, each with the selection that offers it. */
  async assignments(
    ctx: RequestContext,
    raw: RawQuery | undefined,
  ): Promise<PagedQueryResponse<ProductSelectionAssignment>> {
    const params = parseQueryParams(raw ?? {});
    const scope = await this.scope(ctx);
    const selections = scope.kind === 'selections' ? scope : { individual: [], exclusion: [] };
    return storeAssignmentsPage(this.db, ctx.projectKey, selections, params);
  }

  private async scope(ctx: RequestContext): Promise<AvailabilityScope> {
    if (typeof ctx.storeKey !== 'string') throw Errors.invalidInput('A store key is required.');
    const settings = await this.stores.get(ctx, ctx.storeKey);
    return storeScope(this.db, ctx.projectKey, settings);
  }
}
