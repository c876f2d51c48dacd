import type { RequestContext, ResourceSubjects } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import { parseQueryParams } from '@commerce/query';
import type { IdOrKey } from './id-or-key.decorator.js';

export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * The gateway's side of a versioned resource: validates the query string, then asks the owning service.
 * Every resource route of the gateway goes through one of these.
 */
export class ResourceClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly subjects: ResourceSubjects,
  ) {}

  create(ctx: RequestContext, draft: unknown, query: RawQuery): Promise<unknown> {
    parseQueryParams(query);
    return this.rpc.send(this.subjects.create, { ctx, draft, query });
  }

  get(ctx: RequestContext, ref: IdOrKey, query: RawQuery): Promise<unknown> {
    parseQueryParams(query);
    return this.rpc.send(this.subjects.get, { ctx, ref, query });
  }

  query(ctx: RequestContext, query: RawQuery): Promise<unknown> {
    parseQueryParams(query);
    return this.rpc.send(this.subjects.query, { ctx, query });
  }

  async exists(ctx: RequestContext, ref: IdOrKey | undefined, query: RawQuery): Promise<void> {
    const params = parseQueryParams(query);
    const found = await this.rpc.send<boolean>(this.subjects.exists, {
      ctx,
      ref,
      where: params.where,
      vars: params.vars,
    });
    if (!found) throw ref ? Errors.resourceNotFound(ref) : Errors.routeNotFound('');
  }

  update(ctx: RequestContext, ref: IdOrKey, body: unknown, query: RawQuery): Promise<unknown> {
    parseQueryParams(query);
    return this.rpc.send(this.subjects.update, { ctx, ref, update: body, query });
  }

  delete(ctx: RequestContext, ref: IdOrKey, query: RawQuery): Promise<unknown> {
    const version = Number(Array.isArray(query.version) ? query.version[0] : query.version);
    if (query.version === undefined) throw Errors.invalidInput("Missing required parameter 'version'.");
    if (!Number.isInteger(version) || version < 0)
      throw Errors.invalidInput('Malformed parameter: version: must be a non-negative integer.');
    parseQueryParams(query);
    return this.rpc.send(this.subjects.delete, { ctx, ref, version, query });
  }
}
