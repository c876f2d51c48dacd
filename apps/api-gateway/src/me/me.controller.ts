import { RequireScopes } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Controller, Get } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';

/** The signed-in customer of a customer token (`manage_my_profile`), globally or in the token's Store. */
@Controller()
export class MeController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':projectKey/me')
  @RequireScopes('me.get')
  me(@Ctx() ctx: RequestContext) {
    return this.rpc.send(Subjects.auth.me, { ctx });
  }

  @Get(':projectKey/in-store/key=:storeKey/me')
  @RequireScopes('inStore.me.get')
  inStoreMe(@Ctx() ctx: RequestContext) {
    return this.rpc.send(Subjects.auth.me, { ctx });
  }
}
