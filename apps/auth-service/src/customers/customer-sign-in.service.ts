import {
  CustomerChangePasswordDto,
  CustomerSigninDto,
  Subjects,
  type Customer,
  type CustomerSignInResult,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { action } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { LoginThrottle } from '../tokens/login-throttle.service.js';
import { AnonymousShoppingLists } from './anonymous-shopping-lists.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService, meId, type CustomerRef } from './customers.service.js';
import { hashPassword, passwordMatches } from './passwords.js';

/** The fields of a `MyCustomerDraft`: a customer signing itself up sets nothing an operator decides. */
const MY_DRAFT_FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'middleName',
  'title',
  'salutation',
  'dateOfBirth',
  'companyName',
  'vatId',
  'addresses',
  'defaultShippingAddress',
  'defaultBillingAddress',
  'custom',
  'locale',
  'stores',
] as const;

/**
 * Sign-in (`/login`, `/me/login`), sign-up of oneself (`/me/signup`) and password changes. Sign-in has the
 * password grant's throttle; a wrong pair and a customer of another Store give the same `InvalidCredentials`.
 */
@Injectable()
export class CustomerSignIn {
  constructor(
    private readonly customers: CustomersService,
    private readonly repository: CustomersRepository,
    private readonly throttle: LoginThrottle,
    private readonly rpc: RpcClient,
    private readonly shoppingLists: AnonymousShoppingLists,
  ) {}

  async signIn(
    ctx: RequestContext,
    rawSignin: unknown,
    remoteAddress?: string,
  ): Promise<CustomerSignInResult> {
    const signin = parseDto(CustomerSigninDto, rawSignin);
    const { email, password } = signin;
    const attempt = await this.throttle.begin({
      projectKey: ctx.projectKey,
      storeKey: ctx.storeKey,
      email,
      clientId: ctx.actor.clientId ?? '',
      remoteAddress,
    });
    const found = await this.customers.findForSignIn(ctx.projectKey, email, ctx.storeKey);
    if (!(await passwordMatches(password, found?.passwordHash)) || !found) throw Errors.invalidCredentials();
    await attempt.succeeded();
    await this.shoppingLists.follow(ctx, found.customer.id, signin.anonymousId);
    const cart = await this.signedInCart(ctx, found.customer.id, signin);
    return { customer: found.customer, ...(cart ? { cart } : {}) };
  }

  /**
   * The customer's active cart after sign-in, from checkout-service (`checkout.carts.merge`, checkout facts
   * 4.8): the anonymous cart (`anonymousCart`, or the deprecated `anonymousCartId`) merged or adopted by
   * `anonymousCartSignInMode`, and the carts of `anonymousId` assigned. On `/me/login` with an anonymous
   * session's token, that session's id is the `anonymousId` unless the body names one: its carts follow the
   * customer.
   */
  private signedInCart(ctx: RequestContext, customerId: string, signin: CustomerSigninDto) {
    const anonymousCart =
      signin.anonymousCart ?? (signin.anonymousCartId ? { id: signin.anonymousCartId } : undefined);
    const anonymousId = signin.anonymousId ?? ctx.actor.anonymousId;
    const mergeMode = signin.anonymousCartSignInMode ?? signin.activeCartSignInMode;
    const draft = {
      ...(anonymousCart ? { anonymousCart: { typeId: 'cart', ...anonymousCart } } : {}),
      ...(mergeMode ? { mergeMode } : {}),
      ...(anonymousId !== undefined ? { anonymousId } : {}),
      ...(signin.updateProductData !== undefined ? { updateProductData: signin.updateProductData } : {}),
    };
    return this.rpc.send(Subjects.checkout.mergeCart, { ctx, customerId, draft });
  }

  signUpMe(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
    const draft = (rawDraft ?? {}) as Record<string, unknown>;
    const mine = Object.fromEntries(MY_DRAFT_FIELDS.filter((f) => f in draft).map((f) => [f, draft[f]]));
    return this.customers.create(ctx, mine);
  }

  /** `POST /customers/password` (with `id`) and `/me/password`: the current password must match. */
  async changePassword(ctx: RequestContext, rawChange: unknown, me = false): Promise<Customer> {
    const change = parseDto(CustomerChangePasswordDto, rawChange);
    const ref: CustomerRef = me ? { id: meId(ctx) } : { id: requiredId(change.id) };
    const current = await this.customers.get(ctx, ref);
    if (current.version !== change.version) {
      throw Errors.concurrentModification(current.id, change.version, current.version);
    }
    const stored = await this.repository.passwordHash(ctx.projectKey, current.id);
    if (!(await passwordMatches(change.currentPassword, stored))) throw Errors.invalidCurrentPassword();
    const hash = await hashPassword(change.newPassword);
    return this.customers.applyInternal(ctx, current, change.version, {
      name: 'changePassword',
      action: {},
      handler: action(Object, (customer: Customer) => ({
        resource: customer,
        messages: [{ type: 'CustomerPasswordUpdated', reset: false }],
        write: (tx) => this.repository.setPasswordHash(tx, ctx.projectKey, customer.id, hash),
      })),
    });
  }
}

function requiredId(id: string | undefined): string {
  if (id === undefined) throw Errors.invalidJsonInput('id: a customer id is required.');
  return id;
}
