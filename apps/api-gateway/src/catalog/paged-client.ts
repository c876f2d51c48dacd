import { Subjects, type PagedQueryResponse, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import type { IdOrKey } from '../resources/id-or-key.decorator.js';
import { Expander } from '../resources/expander.service.js';

type Page = PagedQueryResponse<unknown>;
type ReferencedPage =
  typeof Subjects.catalog.productSelection.products | typeof Subjects.catalog.product.productSelections;
type PagedSubject = ReferencedPage | typeof Subjects.catalog.inStore.assignments;

/** Pages that belong to one resource (a selection's products, a Store's assignments), with expansion. */
@Injectable()
export class PagedClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  page(subject: ReferencedPage, ctx: RequestContext, query: RawQuery, ref: IdOrKey): Promise<Page>;
  page(
    subject: typeof Subjects.catalog.inStore.assignments,
    ctx: RequestContext,
    query: RawQuery,
  ): Promise<Page>;
  async page(subject: PagedSubject, ctx: RequestContext, query: RawQuery, ref?: IdOrKey): Promise<Page> {
    const { expand } = parseQueryParams(query);
    const page: Page =
      subject === Subjects.catalog.inStore.assignments
        ? await this.rpc.send(subject, { ctx, query })
        : await this.rpc.send(subject, { ctx, ref: ref!, query });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }
}
