import { satisfies } from '@commerce/auth';
import { Subjects, type Principal, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { Expander } from '../resources/expander.service.js';
import type { IdOrKey } from '../resources/id-or-key.decorator.js';

export function stagedOf(query: RawQuery): boolean {
  const values = query.staged === undefined ? [] : [query.staged].flat();
  if (values.length === 0) return false;
  if (values.length > 1 || (values[0] !== 'true' && values[0] !== 'false')) {
    throw Errors.invalidInput('Malformed parameter: staged: must be true or false.');
  }
  return values[0] === 'true';
}

/**
 * A product projection in a Store. The current projection of published products needs
 * `view_published_products` (or `view_products`); the staged one needs `view_products`.
 */
@Injectable()
export class InStoreProductsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  async projection(ctx: RequestContext, principal: Principal | undefined, ref: IdOrKey, query: RawQuery) {
    const { expand } = parseQueryParams(query);
    const staged = stagedOf(query);
    if (staged && !satisfies(principal?.scopes ?? [], ['view_products'], ctx.projectKey, ctx.storeKey)) {
      throw Errors.insufficientScope([`view_products:${ctx.projectKey}`]);
    }
    const projection = await this.rpc.send(Subjects.catalog.inStore.productProjection, {
      ctx,
      ref,
      staged,
    });
    const [expanded] = await this.expander.expand(ctx, [projection], expand);
    return expanded;
  }
}
