import { Operation } from '@commerce/auth';
import {
  CustomObjectDraftDto,
  Subjects,
  versionOfQuery,
  type CustomObject,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams } from '@commerce/query';
import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx } from '../http/request-context.decorator.js';
import { DescribeBody } from '../openapi/describe-body.js';
import { Expander } from '../resources/expander.service.js';
import type { RawQuery } from '../resources/resource-client.js';

const subjects = Subjects.catalog.customObject;

/** `?dataErasure=` as the API takes it: `true` or `false`. */
function dataErasureOf(query: RawQuery): boolean | undefined {
  const raw = [query.dataErasure].flat()[0];
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw Errors.invalidInput('Malformed parameter: dataErasure: must be true or false.');
}

/**
 * `/custom-objects`: create-or-replace by POST (201 created, 200 replaced), query (all, or one container),
 * HEAD, get and delete by container and key (the version optional).
 */
@Controller()
export class CustomObjectsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  @Operation('customObjects.put')
  @DescribeBody(CustomObjectDraftDto)
  async put(
    @Ctx() ctx: RequestContext,
    @Body() draft: unknown,
    @Query() query: RawQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { expand } = parseQueryParams(query);
    const { created, object } = await this.rpc.send(subjects.put, { ctx, draft });
    void reply.status(created ? 201 : 200);
    return this.expandOne(ctx, object, expand);
  }

  @Operation('customObjects.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.page(ctx, undefined, query);
  }

  @Operation('customObjects.existsWhere')
  async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    parseQueryParams(query);
    if (!(await this.rpc.send(subjects.exists, { ctx, query }))) {
      throw Errors.resourceNotFound({ key: 'where' });
    }
  }

  @Operation('customObjects.queryContainer')
  queryContainer(
    @Ctx() ctx: RequestContext,
    @Param('container') container: string,
    @Query() query: RawQuery,
  ) {
    return this.page(ctx, container, query);
  }

  @Operation('customObjects.get')
  async get(
    @Ctx() ctx: RequestContext,
    @Param('container') container: string,
    @Param('key') key: string,
    @Query() query: RawQuery,
  ) {
    const { expand } = parseQueryParams(query);
    return this.expandOne(ctx, await this.rpc.send(subjects.get, { ctx, ref: { container, key } }), expand);
  }

  @Operation('customObjects.delete')
  async delete(
    @Ctx() ctx: RequestContext,
    @Param('container') container: string,
    @Param('key') key: string,
    @Query() query: RawQuery,
  ) {
    const { expand } = parseQueryParams(query);
    const version = query.version === undefined ? undefined : versionOfQuery(query);
    const dataErasure = dataErasureOf(query);
    const deleted = await this.rpc.send(subjects.delete, {
      ctx,
      ref: { container, key },
      ...(version === undefined ? {} : { version }),
      ...(dataErasure === undefined ? {} : { dataErasure }),
    });
    return this.expandOne(ctx, deleted, expand);
  }

  private async page(ctx: RequestContext, container: string | undefined, query: RawQuery) {
    const { expand } = parseQueryParams(query);
    const page = await this.rpc.send(subjects.query, { ctx, query, ...(container ? { container } : {}) });
    return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
  }

  private async expandOne(ctx: RequestContext, object: CustomObject, expand: string[]) {
    if (expand.length === 0) return object;
    const [expanded] = await this.expander.expand(ctx, [object], expand);
    return expanded;
  }
}
