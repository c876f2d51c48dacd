import {
  MESSAGE_SOURCES,
  messageSubjects,
  type MessageSource,
  type Message,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { MAX_LIMIT, parseQueryParams, type RawQuery } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { Expander } from '../resources/expander.service.js';
import { mergePages } from './merge-pages.js';

/** Without a sort, Messages come oldest first. */
const DEFAULT_SORT = ['createdAt asc'];

/**
 * Messages are written by the service that owns the changed resource, in the same transaction as the
 * change, so each source is asked and the pages are merged in the requested order.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  async query(ctx: RequestContext, raw: RawQuery): Promise<PagedQueryResponse<Message>> {
    const params = parseQueryParams(raw);
    const sort = params.sort.length > 0 ? params.sort : DEFAULT_SORT;
    const needed = params.offset + params.limit;
    const pages = await Promise.all(
      MESSAGE_SOURCES.map((source) => this.prefix(ctx, source, raw, sort, needed, params.withTotal)),
    );
    const page = mergePages(pages, sort, params);
    return { ...page, results: await this.expander.expand(ctx, page.results, params.expand) };
  }

  async exists(ctx: RequestContext, raw: RawQuery): Promise<void> {
    const page = await this.query(ctx, { ...raw, limit: '1', withTotal: 'false' });
    if (page.count === 0) throw Errors.resourceNotFound({ key: 'where' });
  }

  async get(ctx: RequestContext, id: string, raw: RawQuery): Promise<Message> {
    const { expand } = parseQueryParams(raw);
    const found = await Promise.all(
      MESSAGE_SOURCES.map((source) => this.rpc.send(messageSubjects(source).get, { ctx, id })),
    );
    const message = found.find((candidate) => candidate !== null);
    if (!message) throw Errors.resourceNotFound({ id });
    const [expanded] = await this.expander.expand(ctx, [message], expand);
    return expanded;
  }

  /**
   * The first `needed` messages of one source in the requested order, read in pages of at most 500. The first
   * page is always asked for: with `needed` 0 (`limit=0` at offset 0, how clients count) it brings the total.
   */
  private async prefix(
    ctx: RequestContext,
    source: MessageSource,
    raw: RawQuery,
    sort: string[],
    needed: number,
    withTotal: boolean,
  ): Promise<PagedQueryResponse<Message>> {
    const results: Message[] = [];
    let total: number | undefined;
    for (let offset = 0; offset === 0 || offset < needed; offset += MAX_LIMIT) {
      const limit = Math.min(MAX_LIMIT, needed - offset);
      const query: RawQuery = {
        ...raw,
        sort,
        offset: String(offset),
        limit: String(limit),
        withTotal: String(withTotal && offset === 0),
        expand: undefined,
      };
      const page = await this.rpc.send(messageSubjects(source).query, {
        ctx,
        query,
      });
      if (offset === 0) total = page.total;
      results.push(...page.results);
      if (page.count < limit) break;
    }
    return { limit: needed, offset: 0, count: results.length, total, results };
  }
}
