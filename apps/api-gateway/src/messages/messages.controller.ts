import { RequireScopes } from '@commerce/auth';
import type { RequestContext } from '@commerce/contracts';
import { Controller, Get, Head, Param, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { MessagesService } from './messages.service.js';

/** `view_orders` is the deprecated alternative the facts name. */
@Controller(':projectKey/messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @RequireScopes('messages.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.messages.query(ctx, query);
  }

  @Head()
  @RequireScopes('messages.existsWhere')
  existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.messages.exists(ctx, query);
  }

  @Get(':id')
  @RequireScopes('messages.get')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
    return this.messages.get(ctx, id, query);
  }

  @Head(':id')
  @RequireScopes('messages.exists')
  async exists(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.messages.get(ctx, id, {});
  }
}
