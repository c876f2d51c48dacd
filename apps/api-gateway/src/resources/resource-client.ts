import {
  versionOfQuery,
  type CreateExtras,
  type Descriptor,
  type DescriptorSubjects,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import type { Expander } from './expander.service.js';
import type { ResourceRef } from './resource-ref.decorator.js';

export type { RawQuery };

/**
 * Expansions a resource answers itself rather than by references (shopping lists' `lineItems[*].variant`):
 * the paths it knows are taken out of `expand` and applied to the resources before references are expanded.
 */
export interface ComputedExpansion {
  paths: readonly string[];
  apply(
    rpc: RpcClient,
    ctx: RequestContext,
    resources: unknown[],
    paths: readonly string[],
  ): Promise<unknown[]>;
}

/** Expands `resources` by `expand`: the computed paths first, then references (one call per owner and level). */
export async function expandAll(
  rpc: RpcClient,
  expander: Expander,
  ctx: RequestContext,
  resources: unknown[],
  expand: string[],
  computed?: ComputedExpansion,
): Promise<unknown[]> {
  const own = computed ? expand.filter((path) => computed.paths.includes(path)) : [];
  const rest = own.length > 0 ? expand.filter((path) => !own.includes(path)) : expand;
  const applied = own.length > 0 && computed ? await computed.apply(rpc, ctx, resources, own) : resources;
  return expander.expand(ctx, applied, rest);
}

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
    private readonly computed?: ComputedExpansion,
  ) {
    this.subjects = resource.subjects;
    this.versioned = resource.versioned !== false && !resource.singleton;
  }

  async create(
    ctx: RequestContext,
    draft: unknown,
    query: RawQuery,
    extra: CreateExtras = {},
  ): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const created = await this.rpc.send(this.subject('create'), { ...extra, ctx, draft });
    return this.expandOne(ctx, created, expand);
  }

  async get(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const subject = this.subject('get');
    const found = ref ? await this.rpc.send(subject, { ctx, ref }) : await this.rpc.send(subject, { ctx });
    return this.expandOne(ctx, found, expand);
  }

  async query(ctx: RequestContext, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const page = await this.rpc.send(this.subject('query'), { ctx, query });
    const results: unknown[] = page.results;
    return {
      ...page,
      results: await expandAll(this.rpc, this.expander, ctx, results, expand, this.computed),
    };
  }

  async exists(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<void> {
    parseQueryParams(query);
    const found = await this.rpc.send(this.subject('exists'), { ctx, ...(ref ? { ref } : {}), query });
    if (!found) throw ref ? Errors.resourceNotFound(ref) : Errors.resourceNotFound({ key: 'where' });
  }

  async update(ctx: RequestContext, ref: ResourceRef, body: unknown, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const subject = this.subject('update');
    const updated = ref
      ? await this.rpc.send(subject, { ctx, ref, update: body })
      : await this.rpc.send(subject, { ctx, update: body });
    return this.expandOne(ctx, updated, expand);
  }

  /** A singleton's whole replacement by its draft. */
  put(ctx: RequestContext, draft: unknown): Promise<unknown> {
    return this.rpc.send(this.subject('put'), { ctx, draft });
  }

  async delete(ctx: RequestContext, ref: ResourceRef, query: RawQuery): Promise<unknown> {
    const { expand } = parseQueryParams(query);
    const subject = this.subject('delete');
    let deleted: unknown;
    if (!ref) deleted = await this.rpc.send(subject, { ctx });
    else if (this.versioned)
      deleted = await this.rpc.send(subject, { ctx, ref, version: versionOfQuery(query) });
    else deleted = await this.rpc.send(subject, { ctx, ref });
    return this.expandOne(ctx, deleted, expand);
  }

  /**
   * The descriptor's subject for an operation. Its type is every subject whose contract accepts what this
   * route sends (`DescriptorSubjects`), so each `send` above is checked against the contracts.
   */
  private subject<O extends keyof DescriptorSubjects>(operation: O): NonNullable<DescriptorSubjects[O]> {
    const subject = this.subjects[operation];
    if (!subject) throw new Error(`The resource has no ${operation} subject.`);
    return subject;
  }

  private async expandOne(ctx: RequestContext, resource: unknown, expand: string[]): Promise<unknown> {
    if (expand.length === 0) return resource;
    const [expanded] = await expandAll(this.rpc, this.expander, ctx, [resource], expand, this.computed);
    return expanded;
  }
}
