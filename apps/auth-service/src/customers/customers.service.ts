import {
  CustomerDraftDto,
  type Customer,
  type CustomerSignInResult,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { QueryParams } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TokenRevocations } from '../tokens/token-revocations.service.js';
import { emailConflicts, isInStore, newCustomer } from './customer.factory.js';
import { CustomersRepository } from './customers.repository.js';
import { hashPassword } from './passwords.js';
import { StoreMembership } from './store-membership.js';

export type CustomerRef = { id: string } | { key: string };

/** Customers: sign-up, reads, delete. `ctx.storeKey` set means an in-store route, which sees only its Store. */
@Injectable()
export class CustomersService {
  constructor(
    private readonly db: DataSource,
    private readonly customers: CustomersRepository,
    private readonly stores: StoreMembership,
    private readonly revocations: TokenRevocations,
  ) {}

  async create(ctx: RequestContext, rawDraft: unknown): Promise<CustomerSignInResult> {
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
    const customer = newCustomer(ctx, draft, storeKeys);
    const passwordHash = draft.password === undefined ? undefined : await hashPassword(draft.password);
    await this.db.transaction(async (tx) => {
      await this.customers.lockEmail(tx, ctx.projectKey, customer.email);
      const sameEmail = await this.customers.findByEmail(tx, ctx.projectKey, customer.email);
      if (sameEmail.some((existing) => emailConflicts(existing, storeKeys))) {
        throw Errors.duplicateField('email', customer.email);
      }
      await this.customers.insert(tx, ctx.projectKey, customer, passwordHash);
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

  /** Deletes at the expected version and revokes every token of the customer. */
  async delete(ctx: RequestContext, ref: CustomerRef, version: number): Promise<Customer> {
    const current = await this.get(ctx, ref);
    const deleted = await this.customers.table.delete(this.db, ctx.projectKey, current.id, version);
    if (!deleted) throw Errors.concurrentModification(current.id, version, current.version);
    await this.revocations.revokeCustomer(ctx.projectKey, current.id);
    return deleted;
  }

  /** The customer of a customer token (`/me`). */
  async me(ctx: RequestContext): Promise<Customer> {
    const id = ctx.actor.customerId;
    if (!id) throw Errors.insufficientScope([`customer_id`]);
    return this.get(ctx, { id });
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

  /** On an in-store route the query sees only the Store's customers (store keys match ^[A-Za-z0-9_-]+$). */
  private inStore(ctx: RequestContext, params: QueryParams): QueryParams {
    if (ctx.storeKey === undefined) return params;
    if (!/^[A-Za-z0-9_-]+$/.test(ctx.storeKey)) throw Errors.resourceNotFound({ key: ctx.storeKey });
    return { ...params, where: [...params.where, `stores(key = "${ctx.storeKey}")`] };
  }
}
