import { RequireScopes, type OperationId } from '@commerce/auth';
import {
  versionOfQuery,
  CustomerChangePasswordDto,
  CustomerDraftDto,
  CustomerSigninDto,
  Subjects,
  UpdateRequestDto,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const account = Subjects.auth.customerAccount;

type Operation = 'get' | 'update' | 'delete' | 'changePassword' | 'signUp' | 'signIn';

/**
 * The signed-in customer of a customer token (`manage_my_profile`), and signing oneself up and in, globally
 * or in one Store.
 */
function meController(path: string, prefix: 'me' | 'inStore.me'): Type<unknown> {
  const op = (operation: Operation) => `${prefix}.${operation}` as OperationId;

  @Controller(path)
  class MeController {
    constructor(private readonly rpc: RpcClient) {}

    @Get()
    @RequireScopes(op('get'))
    me(@Ctx() ctx: RequestContext) {
      return this.rpc.send(Subjects.auth.me, { ctx });
    }

    @Post()
    @HttpCode(200)
    @RequireScopes(op('update'))
    update(@Ctx() ctx: RequestContext, @Body(new DtoPipe(UpdateRequestDto)) update: UpdateRequestDto) {
      return this.rpc.send(account.updateMe, { ctx, update });
    }

    @Delete()
    @RequireScopes(op('delete'))
    delete(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.rpc.send(account.deleteMe, { ctx, version: versionOfQuery(query) });
    }

    @Post('password')
    @HttpCode(200)
    @RequireScopes(op('changePassword'))
    changePassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerChangePasswordDto)) change: CustomerChangePasswordDto,
    ) {
      return this.rpc.send(account.changeMyPassword, { ctx, change });
    }

    @Post('signup')
    @HttpCode(201)
    @RequireScopes(op('signUp'))
    signUp(@Ctx() ctx: RequestContext, @Body(new DtoPipe(CustomerDraftDto)) draft: CustomerDraftDto) {
      return this.rpc.send(account.signUpMe, { ctx, draft });
    }

    @Post('login')
    @HttpCode(200)
    @RequireScopes(op('signIn'))
    signIn(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerSigninDto)) signin: CustomerSigninDto,
      @Req() request: FastifyRequest,
    ) {
      return this.rpc.send(account.signIn, { ctx, signin, remoteAddress: request.ip });
    }
  }
  Object.defineProperty(MeController, 'name', { value: `${prefix.replace('.', '')}Controller` });
  return MeController;
}

export const MeController = meController(':projectKey/me', 'me');
export const InStoreMeController = meController(':projectKey/in-store/key=:storeKey/me', 'inStore.me');
