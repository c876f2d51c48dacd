import { satisfies } from '@commerce/auth';
import { Subjects, type Principal, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { stagedOf } from '../in-store/in-store-products.service.js';
import { Expander } from '../resources/expander.service.js';
import type { IdOrKey } from '../resources/id-or-key.decorator.js';

const subjects = Subjects.catalog.productProjection;

/**
 * Product projections. The current projections of published products need `view_published_products` (or
 * `view_products`); the staged ones need `view_products`. catalog-service answers; references are expanded here.
 */
@Injectable()
export class ProductProjectionsClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  async get(ctx: RequestContext, principal: Principal | undefined, ref: IdOrKey, query: RawQuery) {
    const { expand } = this.checked(ctx, principal, query);
    const projection = await this.rpc.send(subjects.get, { ctx, ref, query });
    const [expanded] = await this.expander.expand(ctx, [projection], expand);
    return expanded;
  }

  async query(ctx: RequestContext, principal: Principal | undefined, query: RawQuery) {
    const { expand } = this.checked(ctx, principal, query);
    const page = await this.rpc.send(subjects.query, { ctx, query });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }

  async exists(
    ctx: RequestContext,
    principal: Principal | undefined,
    ref: IdOrKey | undefined,
    query: RawQuery,
  ) {
    this.checked(ctx, principal, query);
    const found = await this.rpc.send(subjects.exists, { ctx, ref, query });
    if (!found) throw ref ? Errors.resourceNotFound(ref) : Errors.resourceNotFound({ key: 'where' });
  }

  async search(ctx: RequestContext, principal: Principal | undefined, query: RawQuery) {
    const expand = [query.expand ?? []].flat();
    this.checked(ctx, principal, { staged: query.staged });
    const page = await this.rpc.send(subjects.search, { ctx, query });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }

  /** The query parameters checked at the edge, and `staged` allowed only with `view_products`. */
  private checked(ctx: RequestContext, principal: Principal | undefined, query: RawQuery) {
    const params = parseQueryParams(query);
    if (
      stagedOf(query) &&
      !satisfies(principal?.scopes ?? [], ['view_products'], ctx.projectKey, ctx.storeKey)
    ) {
      throw Errors.insufficientScope([`view_products:${ctx.projectKey}`]);
    }
    return params;
  }
}
