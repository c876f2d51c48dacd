import type { PagedQueryResponse, ProductProjection, RequestContext } from '@commerce/contracts';
import { priceSelectionOf } from '@commerce/pricing';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProductDiscounts } from '../product-discounts/product-discounts.service.js';
import { findOrNotFound, refOf } from '../shared/refs.js';
import { withPlainVariables } from './plain-variables.js';
import { projectionTable } from './projections.table.js';
import { stagedParam } from './staged-param.js';

/**
 * Product projections: the staged data of every product (`staged=true`) or the current data of published
 * products, with the variants' `price` set by the price selection parameters.
 */
@Injectable()
export class ProductProjectionsService {
  constructor(
    private readonly db: DataSource,
    private readonly pricing: ProductDiscounts,
  ) {}

  async get(ctx: RequestContext, ref: unknown, raw: RawQuery = {}): Promise<ProductProjection> {
    const selection = priceSelectionOf(raw);
    const projection = await findOrNotFound(projectionTable(stagedParam(raw.staged)), this.db, ctx, ref);
    const [priced] = await this.pricing.priced(ctx.projectKey, [projection], selection);
    return priced;
  }

  async query(ctx: RequestContext, raw: RawQuery = {}): Promise<PagedQueryResponse<ProductProjection>> {
    const selection = priceSelectionOf(raw);
    const params = parseQueryParams(withPlainVariables(raw));
    const page = await projectionTable(stagedParam(raw.staged)).query(this.db, ctx.projectKey, params);
    return { ...page, results: await this.pricing.priced(ctx.projectKey, page.results, selection) };
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery = {}): Promise<boolean> {
    const table = projectionTable(stagedParam(raw.staged));
    if (ref !== undefined) {
      const by = refOf(ref);
      const found =
        'id' in by
          ? await table.findById(this.db, ctx.projectKey, by.id)
          : await table.findByKey(this.db, ctx.projectKey, by.key);
      return found !== undefined;
    }
    const params = parseQueryParams(withPlainVariables(raw));
    return table.existsWhere(this.db, ctx.projectKey, params.where, params.vars);
  }
}
