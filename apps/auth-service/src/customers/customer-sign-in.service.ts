import {
  CustomerChangePasswordDto,
  CustomerDraftDto,
  CustomerSigninDto,
  type Customer,
  type CustomerSignInResult,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Injectable, Logger } from '@nestjs/common';
import { LoginThrottle } from '../tokens/login-throttle.service.js';
import { AnonymousSession } from './anonymous-session.js';
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
 * Sign-in (`/login`, `/me/login`), sign-up (`POST /customers`, `/me/signup`, in a Store too) and password
 * changes. Sign-in has the password grant's throttle; a wrong pair and a customer of another Store give the
 * same `InvalidCredentials`. Both hand the anonymous session to the customer (`AnonymousSession`).
 */
@Injectable()
export class CustomerSignIn {
  private readonly logger = new Logger(CustomerSignIn.name);

  constructor(
    private readonly customers: CustomersService,
    private readonly repository: CustomersRepository,
    private readonly throttle: LoginThrottle,
    private readonly session: AnonymousSession,
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
    const cart = await this.session.handTo(ctx, found.customer.id, this.session.of(ctx, signin), {
      ...optional('mergeMode', signin.anonymousCartSignInMode ?? signin.activeCartSignInMode),
      ...optional('updateProductData', signin.updateProductData),
    });
    return { customer: found.customer, ...(cart ? { cart } : {}) };
  }

  /**
   * A new customer, who gets the anonymous cart and session its draft names (checkout facts 4.8: sign-up
   * assigns, never merges). The cart is checked before the customer is written, so the hand-over after it
   * cannot be refused; should it still fail (checkout-service unreachable), the customer stays created and the
   * answer has no cart **(choice)**: a sign-up that answered an error would be retried into `DuplicateField`.
   */
  async signUp(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
    const handOver = this.session.of(ctx, parseDto(CustomerDraftDto, rawDraft));
    await this.session.check(ctx, handOver);
    const { customer } = await this.customers.create(ctx, rawDraft);
    if (!handOver.anonymousCart && handOver.anonymousId === undefined) return { customer };
    try {
      const cart = await this.session.handTo(ctx, customer.id, handOver, {
        mergeMode: 'UseAsNewActiveCustomerCart',
      });
      return { customer, ...(cart ? { cart } : {}) };
    } catch (error) {
      const code = error instanceof Error ? error.message : String(error);
      this.logger.error(`The anonymous session was not handed to the new customer ${customer.id}: ${code}`);
      return { customer };
    }
  }

  signUpMe(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
    const draft = (rawDraft ?? {}) as Record<string, unknown>;
    const mine = Object.fromEntries(MY_DRAFT_FIELDS.filter((f) => f in draft).map((f) => [f, draft[f]]));
    return this.signUp(ctx, mine);
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

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
}

function requiredId(id: string | undefined): string {
  if (id === undefined) throw Errors.invalidJsonInput('id: a customer id is required.');
  return id;
}
