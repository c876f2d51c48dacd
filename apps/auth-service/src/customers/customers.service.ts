import {
  CustomerDraftDto,
  UpdateRequestDto,
  type Customer,
  type CustomerSignInResult,
  type IdOrKey,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { QueryParams } from '@commerce/query';
import {
  MessageLog,
  ReferenceIntents,
  ReferenceResolver,
  WRITE_EXTENSIONS,
  applyExtensions,
  applyVersionedUpdate,
  lostRace,
  parseActions,
  resolveCustomFields,
  type ActionTable,
  type MessageSubject,
  type ParsedAction,
  type VersionedStore,
  type ExtensionPoint,
  type WriteExtensions,
} from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TokenRevocations } from '../tokens/token-revocations.service.js';
import { addressFromDraft } from './actions/customer-address-actions.js';
import { groupAssignments } from './actions/customer-group-actions.js';
import { customerActions, myCustomerActions } from './actions/customer-update-actions.js';
import { emailConflicts, isInStore, newCustomer, type ResolvedDraft } from './customer.factory.js';
import { CustomerTokensRepository } from './customer-tokens.repository.js';
import { CustomersRepository, customersTable } from './customers.repository.js';
import { hashPassword } from './passwords.js';
import { StoreMembership } from './store-membership.js';

export type CustomerRef = IdOrKey;

export function customerSubject(customer: Customer): MessageSubject {
  return {
    typeId: 'customer',
    id: customer.id,
    version: customer.version,
    table: customersTable.table,
    ...(customer.key ? { identifiers: { key: customer.key } } : {}),
  };
}

/**
 * Customers: sign-up, reads, update actions, delete. `ctx.storeKey` set means an in-store route, which sees
 * only the customers of its Store (others are 404).
 */
@Injectable()
export class CustomersService {
  readonly actions: ActionTable<Customer>;
  readonly myActions: ActionTable<Customer>;
  readonly store: VersionedStore<Customer>;
  /** The customer's API Extensions, called inside its creates and updates. */
  private readonly extensionPoint: ExtensionPoint<Customer>;

  constructor(
    private readonly db: DataSource,
    private readonly customers: CustomersRepository,
    private readonly stores: StoreMembership,
    private readonly revocations: TokenRevocations,
    private readonly resolver: ReferenceResolver,
    private readonly messages: MessageLog,
    private readonly intents: ReferenceIntents,
    tokens: CustomerTokensRepository,
    @Inject(WRITE_EXTENSIONS) extensions: WriteExtensions,
  ) {
    this.actions = customerActions({ resolver, stores, customers, tokens });
    this.myActions = myCustomerActions(this.actions);
    this.extensionPoint = { calls: extensions, typeId: 'customer', actions: this.actions };
    this.store = {
      db,
      table: customers.table,
      messages,
      subject: customerSubject,
      extensions: this.extensionPoint,
    };
  }

  /** Its Stores, customer groups and Types are reserved at their owners while it is written (docs/CONSISTENCY.md). */
  create(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
    return this.intents.scope('customer', () => this.createReferring(ctx, rawDraft));
  }

  private async createReferring(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
    const draft = parseDto(CustomerDraftDto, rawDraft);
    if (draft.authenticationMode === 'ExternalAuth' && draft.password !== undefined) {
      throw Errors.invalidInput('A customer with authenticationMode ExternalAuth has no password.');
    }
    const storeKeys = await this.stores.storeKeys(
      ctx,
      draft.stores ?? (ctx.storeKey ? [{ typeId: 'store', key: ctx.storeKey }] : []),
    );
    if (ctx.storeKey !== undefined && !storeKeys.includes(ctx.storeKey)) {
      throw Errors.invalidInput(
        `stores: a customer created in the Store '${ctx.storeKey}' must belong to it.`,
      );
    }
    const built = newCustomer(ctx, draft, storeKeys, await this.resolveDraft(ctx, draft));
    const extended = await applyExtensions(
      this.extensionPoint,
      ctx,
      'Create',
      { resource: built, messages: [], writes: [], changed: false },
      { ctx, db: this.db },
    );
    if (extended.writes.length > 0) {
      throw Errors.invalidOperation('An extension returned an action that can not be applied on creation.');
    }
    const customer = extended.resource;
    const passwordHash = draft.password === undefined ? undefined : await hashPassword(draft.password);
    const writer = await this.messages.writer(ctx);
    await this.db.transaction(async (tx) => {
      await ReferenceIntents.consume(tx);
      await this.customers.lockEmail(tx, ctx.projectKey, customer.email);
      const sameEmail = await this.customers.findByEmail(tx, ctx.projectKey, customer.email);
      if (sameEmail.some((existing) => emailConflicts(existing, storeKeys))) {
        throw Errors.duplicateField('email', customer.email);
      }
      await this.customers.insert(tx, ctx.projectKey, customer, passwordHash);
      await writer.append(tx, customerSubject(customer), [{ type: 'CustomerCreated', customer }]);
    });
    return { customer };
  }

  async get(ctx: RequestContext, ref: CustomerRef): Promise<Customer> {
    const customer = await this.find(ctx, ref);
    if (!customer) throw Errors.resourceNotFound(ref);
    return customer;
  }

  async exists(ctx: RequestContext, ref: CustomerRef | undefined, params: QueryParams): Promise<boolean> {
    if (ref) return (await this.find(ctx, ref)) !== undefined;
    const { where, vars } = this.inStore(ctx, params);
    return this.customers.table.existsWhere(this.db, ctx.projectKey, where, vars);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResponse<Customer>> {
    return this.customers.table.query(this.db, ctx.projectKey, this.inStore(ctx, params));
  }

  /** Update actions through the shared pipeline; `/me` passes the smaller `MyCustomerUpdateAction` table. */
  async update(
    ctx: RequestContext,
    ref: CustomerRef,
    rawUpdate: unknown,
    table: ActionTable<Customer> = this.actions,
  ): Promise<Customer> {
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const actions = parseActions(table, update.actions);
    return this.intents.scope('customer', async () => {
      const current = await this.get(ctx, ref);
      return applyVersionedUpdate(this.store, ctx, current, update.version, actions);
    });
  }

  /** A change made by the platform itself (password, e-mail verification) through the same pipeline. */
  applyInternal(
    ctx: RequestContext,
    current: Customer,
    version: number,
    change: ParsedAction<Customer>,
  ): Promise<Customer> {
    return applyVersionedUpdate(this.store, ctx, current, version, [change]);
  }

  /**
   * Deletes at the expected version (with `CustomerDeleted`) and every token of the customer in the same
   * transaction; the revoked tokens are announced after the commit.
   */
  async delete(ctx: RequestContext, ref: CustomerRef, version: number): Promise<Customer> {
    const current = await this.get(ctx, ref);
    if (current.version !== version)
      throw Errors.concurrentModification(current.id, version, current.version);
    const writer = await this.messages.writer(ctx);
    const { deleted, revoked } = await this.db.transaction(async (tx) => {
      await this.customers.lockForDeletion(tx, ctx.projectKey, current.id);
      const revoked = await this.revocations.deleteOwnerTokens(tx, {
        projectKey: ctx.projectKey,
        customerId: current.id,
      });
      // The Message first: its number comes from the row the delete removes (at the same version, or not at all).
      await writer.append(tx, { ...customerSubject(current), version: version + 1 }, [
        { type: 'CustomerDeleted', email: current.email },
      ]);
      const gone = await this.customers.table.delete(tx, ctx.projectKey, current.id, version);
      if (!gone) throw await lostRace({ db: this.db, table: this.customers.table }, ctx, current.id, version);
      return { deleted: gone, revoked };
    });
    await this.revocations.announce(revoked);
    return deleted;
  }

  /** The customer of a customer token (`/me`). */
  async me(ctx: RequestContext): Promise<Customer> {
    return this.get(ctx, { id: meId(ctx) });
  }

  /** A customer who may sign in on this route (global customers globally, store customers in their Store). */
  async findForSignIn(
    projectKey: string,
    email: string,
    storeKey: string | undefined,
  ): Promise<{ customer: Customer; passwordHash?: string } | undefined> {
    const candidates = await this.customers.findByEmail(this.db, projectKey, email);
    const customer = candidates.find((candidate) =>
      storeKey === undefined ? candidate.stores.length === 0 : isInStore(candidate, storeKey),
    );
    if (!customer || customer.authenticationMode !== 'Password') return undefined;
    return { customer, passwordHash: await this.customers.passwordHash(projectKey, customer.id) };
  }

  /** A customer of the Store (global customers are not), for the in-store customer grant. */
  async findInStore(projectKey: string, ref: CustomerRef, storeKey: string): Promise<Customer | undefined> {
    const customer =
      'id' in ref
        ? await this.customers.table.findById(this.db, projectKey, ref.id)
        : await this.customers.table.findByKey(this.db, projectKey, ref.key);
    return customer && customer.stores.length > 0 && isInStore(customer, storeKey) ? customer : undefined;
  }

  private async find(ctx: RequestContext, ref: CustomerRef): Promise<Customer | undefined> {
    const customer =
      'id' in ref
        ? await this.customers.table.findById(this.db, ctx.projectKey, ref.id)
        : await this.customers.table.findByKey(this.db, ctx.projectKey, ref.key);
    return customer && isInStore(customer, ctx.storeKey) ? customer : undefined;
  }

  /** The references of a draft, checked: customer groups, custom fields of the customer and its addresses. */
  private async resolveDraft(ctx: RequestContext, draft: CustomerDraftDto): Promise<ResolvedDraft> {
    const [group] = draft.customerGroup
      ? await groupAssignments(this.resolver, ctx, [draft.customerGroup])
      : [];
    const assignments = await groupAssignments(
      this.resolver,
      ctx,
      (draft.customerGroupAssignments ?? []).map((assignment) => assignment.customerGroup),
    );
    const custom = await resolveCustomFields(this.resolver, ctx, 'customer', draft.custom);
    const addresses = await Promise.all(
      (draft.addresses ?? []).map((address) => addressFromDraft(this.resolver, ctx, address, randomUUID())),
    );
    return {
      addresses,
      customerGroupAssignments: assignments,
      ...(group ? { customerGroup: group.customerGroup } : {}),
      ...(custom ? { custom } : {}),
    };
  }

  /** On an in-store route the query sees only the Store's customers (store keys match ^[A-Za-z0-9_-]+$). */
  private inStore(ctx: RequestContext, params: QueryParams): QueryParams {
    if (ctx.storeKey === undefined) return params;
    if (!/^[A-Za-z0-9_-]+$/.test(ctx.storeKey)) throw Errors.resourceNotFound({ key: ctx.storeKey });
    return { ...params, where: [...params.where, `stores(key = "${ctx.storeKey}")`] };
  }
}

/** The customer id of a customer token; the gateway admits only customer tokens to `/me`. */
export function meId(ctx: RequestContext): string {
  const id = ctx.actor.customerId;
  if (!id) throw Errors.insufficientScope(['customer_id']);
  return id;
}
