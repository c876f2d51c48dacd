import {
  CustomObjectDraftDto,
  clientLogging,
  type CustomObject,
  type CustomObjectPutResult,
  type CustomObjectRef,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CUSTOM_OBJECT_ENGINE, withoutNullFields } from './custom-object.definition.js';
import { customObjectsTable } from './custom-objects.table.js';

/** How often a create-or-update starts again after another writer created the same container and key. */
const PUT_ATTEMPTS = 3;

const isDuplicate = (error: unknown) => error instanceof ApiError && error.code === 'DuplicateField';

function describeRef(ref: CustomObjectRef): string {
  return 'id' in ref ? ref.id : `${ref.container}/${ref.key}`;
}

/**
 * Custom Objects: create-or-replace by container and key, read, query (optionally within one container) and
 * delete with an optional version. The engine creates, reads by id and deletes; a replacement is one
 * conditional write at the version read, so of two concurrent writers one gets 409 even without a version.
 */
@Injectable()
export class CustomObjectsService {
  constructor(
    @Inject(CUSTOM_OBJECT_ENGINE) private readonly engine: ResourceEngine<CustomObject, CustomObjectDraftDto>,
    private readonly db: DataSource,
  ) {}

  async put(ctx: RequestContext, rawDraft: unknown): Promise<CustomObjectPutResult> {
    const draft = parseDto(CustomObjectDraftDto, rawDraft);
    for (let attempt = 1; ; attempt++) {
      const current = await customObjectsTable.findByName(
        this.db,
        ctx.projectKey,
        draft.container,
        draft.key,
      );
      if (!current) {
        try {
          return { created: true, object: await this.engine.create(ctx, draft) };
        } catch (error) {
          // Created meanwhile by another request: replace that one (at most a few times).
          if (!isDuplicate(error) || attempt === PUT_ATTEMPTS) throw error;
          continue;
        }
      }
      return { created: false, object: await this.replace(ctx, current, draft) };
    }
  }

  private async replace(
    ctx: RequestContext,
    current: CustomObject,
    draft: CustomObjectDraftDto,
  ): Promise<CustomObject> {
    if (draft.version !== undefined && draft.version !== current.version) {
      throw Errors.concurrentModification(current.id, draft.version, current.version);
    }
    const next: CustomObject = {
      ...current,
      value: withoutNullFields(draft.value),
      version: current.version + 1,
      lastModifiedAt: new Date().toISOString(),
      lastModifiedBy: clientLogging(ctx.actor),
    };
    if (await customObjectsTable.replace(this.db, ctx.projectKey, next, current.version)) return next;
    const now = await customObjectsTable.findById(this.db, ctx.projectKey, current.id);
    if (!now) throw Errors.resourceNotFound({ key: `${draft.container}/${draft.key}` });
    throw Errors.concurrentModification(current.id, draft.version ?? current.version, now.version);
  }

  async get(ctx: RequestContext, ref: CustomObjectRef): Promise<CustomObject> {
    const found = await this.find(ctx, ref);
    if (!found) throw Errors.resourceNotFound('id' in ref ? { id: ref.id } : { key: describeRef(ref) });
    return found;
  }

  query(
    ctx: RequestContext,
    container: string | undefined,
    query: RawQuery = {},
  ): Promise<PagedQueryResponse<CustomObject>> {
    if (container === undefined) return this.engine.query(ctx, query);
    const where = query.where === undefined ? [] : [query.where].flat();
    return this.engine.query(ctx, {
      ...query,
      where: [...where, `container = ${JSON.stringify(container)}`],
    });
  }

  exists(ctx: RequestContext, query: RawQuery | undefined): Promise<boolean> {
    return this.engine.exists(ctx, undefined, query);
  }

  /** Deletes at `version` when given, else whatever version is stored. `dataErasure`: nothing else keeps a copy. */
  async delete(
    ctx: RequestContext,
    ref: CustomObjectRef,
    version: number | undefined,
  ): Promise<CustomObject> {
    const current = await this.get(ctx, ref);
    if (version !== undefined && version !== current.version) {
      throw Errors.concurrentModification(current.id, version, current.version);
    }
    return this.engine.delete(ctx, { id: current.id }, version ?? current.version);
  }

  private find(ctx: RequestContext, ref: CustomObjectRef): Promise<CustomObject | undefined> {
    if ('id' in ref) return customObjectsTable.findById(this.db, ctx.projectKey, ref.id);
    return customObjectsTable.findByName(this.db, ctx.projectKey, ref.container, ref.key);
  }
}
