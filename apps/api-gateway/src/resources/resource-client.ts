import {
  versionOfQuery,
  type Descriptor,
  type DescriptorSubjects,
  type PagedQueryResponse,
  type RequestContext,
  type Subject,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import type { Expander } from './expander.service.js';
import type { ResourceRef } from './resource-ref.decorator.js';

export type { RawQuery };

/**
 * The gateway's side of a described resource: validates the query string at the edge, asks the owning
 * service (which validates again) with its descriptor's subjects, and expands references in the answer.
 * A singleton is addressed without `ref`; a resource deleted without a version gets none.
 */
export class ResourceClient {
  private readonly subjects: DescriptorSubjects;
  private readonly versioned: boolean;

  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
    resource: Pick<Descriptor, 'subjects' | 'versioned' | 'singleton'>,
  ) {
    this.subjects = resource.subjects;
    this.versioned = resource.versioned !== false && !resource.singleton;
  }

  async create(ctx: RequestContext, draft: unknown, query: RawQuery, extra: object = {}): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.send('create', { ...extra, ctx, draft }), expand);
  }

  async get(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.send('get', { ctx, ...refOf(ref) }), expand);
  }

  async query(ctx: RequestContext, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const page = (await this.send('query', { ctx, query })) as PagedQueryResponse<unknown>;
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }

  async exists(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<void> {
    parseQueryParams(query);
    const found = await this.send('exists', { ctx, ...refOf(ref), query });
    if (!found) throw ref ? Errors.resourceNotFound(ref) : Errors.resourceNotFound({ key: 'where' });
  }

  async update(ctx: RequestContext, ref: ResourceRef, body: unknown, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.send('update', { ctx, ...refOf(ref), update: body }), expand);
  }

  /** A singleton's whole replacement by its draft. */
  put(ctx: RequestContext, draft: unknown): Promise<unknown> {
    return this.send('put', { ctx, draft });
  }

  async delete(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const version = this.versioned ? { version: versionOfQuery(query) } : {};
    return this.expandOne(ctx, await this.send('delete', { ctx, ...refOf(ref), ...version }), expand);
  }

  /**
   * The descriptor's subject for an operation. Its contract is checked where the owner handles it; here the
   * subject is one of several resources', so the payload is the shape every described resource shares.
   */
  private send(operation: keyof DescriptorSubjects, payload: object): Promise<unknown> {
    const subject = this.subjects[operation];
    if (!subject) throw new Error(`The resource has no ${operation} subject.`);
    const send = this.rpc.send.bind(this.rpc) as (subject: Subject, payload: object) => Promise<unknown>;
    return send(subject, payload);
  }

  private async expandOne(ctx: RequestContext, resource: unknown, expand: string[]): Promise<unknown> {
    if (expand.length === 0) return resource;
    const [expanded] = await this.expander.expand(ctx, [resource], expand);
    return expanded;
  }
}

const refOf = (ref: ResourceRef) => (ref ? { ref } : {});
