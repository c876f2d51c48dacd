import { Operation, type OperationId } from '@commerce/auth';
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
import { Body, Controller, HttpCode, Param, Req, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const account = Subjects.auth.customerAccount;

type AccountOperation =
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
function customerAccountsController(operations: Record<AccountOperation, OperationId>): Type<unknown> {
  @Controller()
  class CustomerAccountsController {
    constructor(private readonly rpc: RpcClient) {}

    @Operation(operations.signIn)
    @HttpCode(200)
    signIn(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerSigninDto)) signin: CustomerSigninDto,
      @Req() request: FastifyRequest,
    ) {
      return this.rpc.send(account.signIn, { ctx, signin, remoteAddress: request.ip });
    }

    @Operation(operations.changePassword)
    @HttpCode(200)
    changePassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerChangePasswordDto)) change: CustomerChangePasswordDto,
    ) {
      return this.rpc.send(account.changePassword, { ctx, change });
    }

    @Operation(operations.resetPassword)
    @HttpCode(200)
    resetPassword(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerResetPasswordDto)) request: CustomerResetPasswordDto,
    ) {
      return this.rpc.send(account.resetPassword, { ctx, request });
    }

    @Operation(operations.createPasswordToken)
    @HttpCode(200)
    createPasswordToken(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerCreatePasswordResetTokenDto)) request: CustomerCreatePasswordResetTokenDto,
    ) {
      return this.rpc.send(account.createPasswordToken, { ctx, request });
    }

    @Operation(operations.getByPasswordToken)
    getByPasswordToken(@Ctx() ctx: RequestContext, @Param('token') token: string) {
      return this.rpc.send(account.getByPasswordToken, { ctx, token });
    }

    @Operation(operations.createEmailToken)
    @HttpCode(200)
    createEmailToken(
      @Ctx() ctx: RequestContext,
      @Body(new DtoPipe(CustomerCreateEmailTokenDto)) request: CustomerCreateEmailTokenDto,
    ) {
      return this.rpc.send(account.createEmailToken, { ctx, request });
    }

    @Operation(operations.getByEmailToken)
    getByEmailToken(@Ctx() ctx: RequestContext, @Param('token') token: string) {
      return this.rpc.send(account.getByEmailToken, { ctx, token });
    }

    @Operation(operations.confirmEmail)
    @HttpCode(200)
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
  ) as Record<AccountOperation, OperationId>;

export const CustomerAccountsController = customerAccountsController(operationsOf('customers'));

export const InStoreCustomerAccountsController = customerAccountsController(
  operationsOf('inStore.customers'),
);
