import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CustomerSignIn } from './customer-sign-in.service.js';
import { CustomerTokens } from './customer-tokens.service.js';

const account = Subjects.auth.customerAccount;

/** Sign-in, sign-up of oneself, passwords and the password-reset and e-mail-verification tokens. */
@Controller()
export class CustomerAccountsController {
  constructor(
    private readonly signIns: CustomerSignIn,
    private readonly tokens: CustomerTokens,
  ) {}

  @MessagePattern(account.signIn)
  signIn(@Payload() { ctx, signin, remoteAddress }: Rpc<{ signin: unknown; remoteAddress?: unknown }>) {
    return this.signIns.signIn(ctx, signin, typeof remoteAddress === 'string' ? remoteAddress : undefined);
  }

  @MessagePattern(account.signUpMe)
  signUpMe(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.signIns.signUpMe(ctx, draft);
  }

  @MessagePattern(account.changePassword)
  changePassword(@Payload() { ctx, change }: Rpc<{ change: unknown }>) {
    return this.signIns.changePassword(ctx, change);
  }

  @MessagePattern(account.changeMyPassword)
  changeMyPassword(@Payload() { ctx, change }: Rpc<{ change: unknown }>) {
    return this.signIns.changePassword(ctx, change, true);
  }

  @MessagePattern(account.createPasswordToken)
  createPasswordToken(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.createPasswordToken(ctx, request);
  }

  @MessagePattern(account.getByPasswordToken)
  getByPasswordToken(@Payload() { ctx, token }: Rpc<{ token: unknown }>) {
    return this.tokens.customerOf(ctx, 'password', token);
  }

  @MessagePattern(account.resetPassword)
  resetPassword(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.resetPassword(ctx, request);
  }

  @MessagePattern(account.createEmailToken)
  createEmailToken(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.createEmailToken(ctx, request);
  }

  @MessagePattern(account.getByEmailToken)
  getByEmailToken(@Payload() { ctx, token }: Rpc<{ token: unknown }>) {
    return this.tokens.customerOf(ctx, 'email', token);
  }

  @MessagePattern(account.confirmEmail)
  confirmEmail(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.confirmEmail(ctx, request);
  }
}
