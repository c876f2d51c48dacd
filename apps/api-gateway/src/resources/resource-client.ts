import {
  versionOfQuery,
  type PagedQueryResponse,
  type RequestContext,
  type ResourceSubjects,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import type { Expander } from './expander.service.js';
import type { IdOrKey } from './id-or-key.decorator.js';

export type { RawQuery };

/**
 * The gateway's side of a versioned resource: validates the query string at the edge, asks the owning
 * service (which validates again), and expands references in the answer.
 */
export class ResourceClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
    private readonly subjects: ResourceSubjects,
  ) {}

  async create(ctx: RequestContext, draft: unknown, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.rpc.send(this.subjects.create, { ctx, draft }), expand);
  }

  async get(ctx: RequestContext, ref: IdOrKey, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.rpc.send(this.subjects.get, { ctx, ref }), expand);
  }

  async query(ctx: RequestContext, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const page: PagedQueryResponse<unknown> = await this.rpc.send(this.subjects.query, { ctx, query });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }

  async exists(ctx: RequestContext, ref: IdOrKey | undefined, query: RawQuery): Promise<void> {
    parseQueryParams(query);
    const found = await this.rpc.send(this.subjects.exists, { ctx, ref, query });
    if (!found) throw ref ? Errors.resourceNotFound(ref) : Errors.resourceNotFound({ key: 'where' });
  }

  async update(ctx: RequestContext, ref: IdOrKey, body: unknown, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.rpc.send(this.subjects.update, { ctx, ref, update: body }), expand);
  }

  async delete(ctx: RequestContext, ref: IdOrKey, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const version = versionOfQuery(query);
    return this.expandOne(ctx, await this.rpc.send(this.subjects.delete, { ctx, ref, version }), expand);
  }

  private async expandOne(ctx: RequestContext, resource: unknown, expand: string[]): Promise<unknown> {
    const [expanded] = await this.expander.expand(ctx, [resource], expand);
    return expanded;
  }
}
