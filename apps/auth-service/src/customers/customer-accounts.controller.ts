import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
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

  @Handles(account.signIn)
  signIn(@Payload() { ctx, signin, remoteAddress }: Rpc<{ signin: unknown; remoteAddress?: unknown }>) {
    return this.signIns.signIn(ctx, signin, typeof remoteAddress === 'string' ? remoteAddress : undefined);
  }

  @Handles(account.signUpMe)
  signUpMe(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.signIns.signUpMe(ctx, draft);
  }

  @Handles(account.changePassword)
  changePassword(@Payload() { ctx, change }: Rpc<{ change: unknown }>) {
    return this.signIns.changePassword(ctx, change);
  }

  @Handles(account.changeMyPassword)
  changeMyPassword(@Payload() { ctx, change }: Rpc<{ change: unknown }>) {
    return this.signIns.changePassword(ctx, change, true);
  }

  @Handles(account.createPasswordToken)
  createPasswordToken(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.createPasswordToken(ctx, request);
  }

  @Handles(account.getByPasswordToken)
  getByPasswordToken(@Payload() { ctx, token }: Rpc<{ token: unknown }>) {
    return this.tokens.customerOf(ctx, 'password', token);
  }

  @Handles(account.resetPassword)
  resetPassword(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.resetPassword(ctx, request);
  }

  @Handles(account.createEmailToken)
  createEmailToken(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.createEmailToken(ctx, request);
  }

  @Handles(account.getByEmailToken)
  getByEmailToken(@Payload() { ctx, token }: Rpc<{ token: unknown }>) {
    return this.tokens.customerOf(ctx, 'email', token);
  }

  @Handles(account.confirmEmail)
  confirmEmail(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.tokens.confirmEmail(ctx, request);
  }
}
