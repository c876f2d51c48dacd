import { Operation } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';

const subjects = Subjects.auth.customerSearch;

/**
 * Customer Search: `POST /{projectKey}/customers/search` (and in a Store, for its customers), `HEAD` (200 when
 * the project has activated it, else 404) and `GET .../search/indexing-status`. auth-service answers.
 */
@Controller()
export class CustomerSearchController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('customers.search')
  @HttpCode(200)
  search(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.rpc.send(subjects.search, { ctx, request: body ?? {} });
  }

  @Operation('inStore.customers.search')
  @HttpCode(200)
  searchInStore(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.rpc.send(subjects.search, { ctx, request: body ?? {} });
  }

  @Operation('customers.searchExists')
  async exists(@Ctx() ctx: RequestContext): Promise<void> {
    const status = await this.rpc.send(subjects.status, { ctx }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ObjectNotFound') return undefined;
      throw error;
    });
    if (!status) throw Errors.routeNotFound(`/${ctx.projectKey}/customers/search`);
  }

  @Operation('customers.searchIndexingStatus')
  status(@Ctx() ctx: RequestContext) {
    return this.rpc.send(subjects.status, { ctx });
  }
}
