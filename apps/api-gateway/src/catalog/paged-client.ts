import type { PagedQueryResponse, RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import type { IdOrKey } from '../resources/id-or-key.decorator.js';
import { Expander } from '../resources/expander.service.js';

/** Pages that belong to one resource (a selection's products, a Store's assignments), with expansion. */
@Injectable()
export class PagedClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  async page(
    subject: string,
    ctx: RequestContext,
    query: RawQuery,
    ref?: IdOrKey,
  ): Promise<PagedQueryResponse<unknown>> {
    const { expand } = parseQueryParams(query);
    const page = await this.rpc.send<PagedQueryResponse<unknown>>(subject, { ctx, ref, query });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }
}
