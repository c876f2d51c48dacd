import { RequireScopes, type OperationId } from '@commerce/auth';
import {
  CustomerChangePasswordDto,
  CustomerCreateEmailTokenDto,
  CustomerCreatePasswordResetTokenDto,
  CustomerEmailVerifyDto,
  CustomerResetPasswordDto,
  CustomerSigninDto,
  Subjects,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Get, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const account = Subjects.auth.customerAccount;

type Operation =
  | 'changePassword'
  | 'resetPassword'
  | 'createPasswordToken'
  | 'getByPasswordToken'
  | 'createEmailToken'
  | 'getByEmailToken'
  | 'confirmEmail'
  | 'signIn';

/**
 * Passwords and tokens of customers (`/customers/password...`, `/customers/email...`) and sign-in
 * (`/login`), globally or in one Store (`ctx.storeKey`).
 */
function customerAccountsController(
  prefix: string,
  operations: Record<Operation, OperationId>,
): Type<unknown> {
  @Controller(prefix)
  class CustomerAccountsController {
    constructor(private readonly rpc: RpcClient) {}

    @Post('login')
    @HttpCode(200)
    @RequireScopes(operations.signIn)
    signIn(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerSigninDto)) signin: CustomerSigninDto,
      @Req() request: FastifyRequest,
    ) {
      return this.rpc.send(account.signIn, { ctx, signin, remoteAddress: request.ip });
    }

    @Post('customers/password')
    @HttpCode(200)
    @RequireScopes(operations.changePassword)
    changePassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerChangePasswordDto)) change: CustomerChangePasswordDto,
    ) {
      return this.rpc.send(account.changePassword, { ctx, change });
    }

    @Post('customers/password/reset')
    @HttpCode(200)
    @RequireScopes(operations.resetPassword)
    resetPassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerResetPasswordDto)) request: CustomerResetPasswordDto,
    ) {
      return this.rpc.send(account.resetPassword, { ctx, request });
    }

    @Post('customers/password-token')
    @HttpCode(200)
    @RequireScopes(operations.createPasswordToken)
    createPasswordToken(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerCreatePasswordResetTokenDto)) request: CustomerCreatePasswordResetTokenDto,
    ) {
      return this.rpc.send(account.createPasswordToken, { ctx, request });
    }

    @Get('customers/password-token=:token')
    @RequireScopes(operations.getByPasswordToken)
    getByPasswordToken(@Ctx() ctx: RequestContext, @Param('token') token: string) {
      return this.rpc.send(account.getByPasswordToken, { ctx, token });
    }

    @Post('customers/email-token')
    @HttpCode(200)
    @RequireScopes(operations.createEmailToken)
    createEmailToken(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerCreateEmailTokenDto)) request: CustomerCreateEmailTokenDto,
    ) {
      return this.rpc.send(account.createEmailToken, { ctx, request });
    }

    @Get('customers/email-token=:token')
    @RequireScopes(operations.getByEmailToken)
    getByEmailToken(@Ctx() ctx: RequestContext, @Param('token') token: string) {
      return this.rpc.send(account.getByEmailToken, { ctx, token });
    }

    @Post('customers/email/confirm')
    @HttpCode(200)
    @RequireScopes(operations.confirmEmail)
    confirmEmail(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerEmailVerifyDto)) request: CustomerEmailVerifyDto,
    ) {
      return this.rpc.send(account.confirmEmail, { ctx, request });
    }
  }
  Object.defineProperty(CustomerAccountsController, 'name', {
    value: `${operations.signIn.replace('.signIn', '')}AccountsController`,
  });
  return CustomerAccountsController;
}

const operationsOf = <P extends 'customers' | 'inStore.customers'>(prefix: P) =>
  Object.fromEntries(
    (
      [
        'changePassword',
        'resetPassword',
        'createPasswordToken',
        'getByPasswordToken',
        'createEmailToken',
        'getByEmailToken',
        'confirmEmail',
        'signIn',
      ] as const
    ).map((operation) => [operation, `${prefix}.${operation}` as OperationId]),
  ) as Record<Operation, OperationId>;

export const CustomerAccountsController = customerAccountsController(
  ':projectKey',
  operationsOf('customers'),
);

export const InStoreCustomerAccountsController = customerAccountsController(
  ':projectKey/in-store/key=:storeKey',
  operationsOf('inStore.customers'),
);
