import { Operation } from '@commerce/auth';
import type { RequestContext } from '@commerce/contracts';
import { Controller, Param, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { MessagesService } from './messages.service.js';

/** `view_orders` is the deprecated alternative the facts name. */
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Operation('messages.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.messages.query(ctx, query);
  }

  @Operation('messages.existsWhere')
  existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.messages.exists(ctx, query);
  }

  @Operation('messages.get')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
    return this.messages.get(ctx, id, query);
  }

  @Operation('messages.exists')
  async exists(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.messages.get(ctx, id, {});
  }
}
