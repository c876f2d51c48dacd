import { Operation, type OperationId } from '@commerce/auth';
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
import { Body, Controller, HttpCode, Query, Req, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const account = Subjects.auth.customerAccount;

type MeOperation = 'get' | 'update' | 'delete' | 'changePassword' | 'signUp' | 'signIn';

/**
 * The signed-in customer of a customer token (`manage_my_profile`), and signing oneself up and in, globally
 * or in one Store.
 */
function meController(prefix: 'me' | 'inStore.me'): Type<unknown> {
  const op = (operation: MeOperation) => `${prefix}.${operation}` as OperationId;

  @Controller()
  class MeController {
    constructor(private readonly rpc: RpcClient) {}

    @Operation(op('get'))
    me(@Ctx() ctx: RequestContext) {
      return this.rpc.send(Subjects.auth.me, { ctx });
    }

    @Operation(op('update'))
    @HttpCode(200)
    update(@Ctx() ctx: RequestContext, @Body(new DtoPipe(UpdateRequestDto)) update: UpdateRequestDto) {
      return this.rpc.send(account.updateMe, { ctx, update });
    }

    @Operation(op('delete'))
    delete(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.rpc.send(account.deleteMe, { ctx, version: versionOfQuery(query) });
    }

    @Operation(op('changePassword'))
    @HttpCode(200)
    changePassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerChangePasswordDto)) change: CustomerChangePasswordDto,
    ) {
      return this.rpc.send(account.changeMyPassword, { ctx, change });
    }

    @Operation(op('signUp'))
    @HttpCode(201)
    signUp(@Ctx() ctx: RequestContext, @Body(new DtoPipe(CustomerDraftDto)) draft: CustomerDraftDto) {
      return this.rpc.send(account.signUpMe, { ctx, draft });
    }

    @Operation(op('signIn'))
    @HttpCode(200)
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

export const MeController = meController('me');
export const InStoreMeController = meController('inStore.me');
