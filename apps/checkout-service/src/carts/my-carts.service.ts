import {
  CartDraftDto,
  MY_CART_ACTIONS,
  MyCartDraftDto,
  ReplicaMyCartDraftDto,
  UpdateRequestDto,
  validateDto,
  type Cart,
  type ClassConstructor,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { CART_COLUMNS, cartsTable } from './carts.table.js';
import { CartsService } from './carts.service.js';
import { DataSource } from 'typeorm';

const MY_ACTIONS: Readonly<Record<string, ClassConstructor<object>>> = MY_CART_ACTIONS;

type Owner = { customerId: string } | { anonymousId: string };

/**
 * A customer's or anonymous session's own carts (`/me/carts`, checkout facts 1, 2, 3 MyCartDraft): the owner
 * comes from the token; anyone else's cart (or one of another Store) does not exist (404); only the
 * `MyCartUpdateAction`s are accepted, with their narrower DTOs.
 */
@Injectable()
export class MyCartsService {
  constructor(
    private readonly carts: CartsService,
    private readonly db: DataSource,
  ) {}

  async create(ctx: RequestContext, rawDraft: unknown): Promise<Cart> {
    const owner = ownerOf(ctx);
    const draft = parseDto(MyCartDraftDto, rawDraft);
    if (draft.taxMode === 'Disabled')
      throw Errors.invalidInput('A cart of your own can not have the Disabled tax mode.');
    // What a customer may say, as a draft of the cart resource: the owner from the token, never from the body.
    const plain = JSON.parse(JSON.stringify(draft)) as Record<string, unknown>;
    const full = { ...plain, ...owner, origin: 'Customer' };
    parseDto(CartDraftDto, full);
    return this.carts.create(ctx, full);
  }

  query(ctx: RequestContext, raw: RawQuery | undefined) {
    const owner = ownerOf(ctx);
    const where = raw?.where === undefined ? [] : Array.isArray(raw.where) ? raw.where : [raw.where];
    const mine =
      'customerId' in owner
        ? `customerId = ${JSON.stringify(owner.customerId)}`
        : `anonymousId = ${JSON.stringify(owner.anonymousId)}`;
    return this.carts.query(ctx, { ...raw, where: [...where, mine] });
  }

  /** `/me/carts/replicate`: only a cart of one's own; someone else's is not found. */
  replicate(ctx: RequestContext, rawDraft: unknown): Promise<Cart> {
    const draft = parseDto(ReplicaMyCartDraftDto, rawDraft);
    return this.carts.replicate(ctx, { reference: draft.reference }, (source) =>
      this.mine(ctx, source, { id: draft.reference.id }),
    );
  }

  async get(ctx: RequestContext, ref: unknown): Promise<Cart> {
    return this.mine(ctx, await this.carts.get(ctx, ref), ref);
  }

  async update(ctx: RequestContext, ref: unknown, rawUpdate: unknown): Promise<Cart> {
    await this.get(ctx, ref);
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const actions = Array.isArray(update.actions) ? update.actions : [];
    const problems = actions.flatMap((raw: unknown, index) => {
      const name = (raw as { action?: unknown } | null)?.action;
      if (typeof name !== 'string' || !Object.hasOwn(MY_CART_ACTIONS, name))
        return [`actions[${index}].action: unknown update action ${JSON.stringify(name ?? null)}.`];
      const result = validateDto(MY_ACTIONS[name], raw);
      return result.ok ? [] : result.problems.map((problem) => `actions[${index}].${problem}`);
    });
    if (problems.length > 0) throw Errors.invalidJsonInput(problems.join('; '));
    const narrowed = actions.map((raw: unknown) => {
      const name = (raw as { action: keyof typeof MY_CART_ACTIONS }).action;
      const result = validateDto(MY_ACTIONS[name], raw);
      if (name === 'changeTaxMode' && (raw as { taxMode?: unknown }).taxMode === 'Disabled')
        throw Errors.invalidInput('A cart of your own can not have the Disabled tax mode.');
      const plain = JSON.parse(JSON.stringify(result.ok ? result.value : raw)) as Record<string, unknown>;
      return { ...plain, action: name };
    });
    return this.carts.update(ctx, ref, { version: update.version, actions: narrowed });
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<Cart> {
    await this.get(ctx, ref);
    return this.carts.delete(ctx, ref, version);
  }

  /** The owner's most recently modified Active cart of origin Customer (checkout facts 4.7), in the Store if any. */
  async active(ctx: RequestContext): Promise<Cart> {
    const owner = ownerOf(ctx);
    return 'customerId' in owner
      ? this.activeOf(ctx, 'customerId', owner.customerId)
      : this.activeOf(ctx, 'anonymousId', owner.anonymousId);
  }

  /** `carts/customer-id={customerId}`: that customer's active cart, by the same rule. */
  activeOfCustomer(ctx: RequestContext, customerId: string): Promise<Cart> {
    return this.activeOf(ctx, 'customerId', customerId);
  }

  private async activeOf(
    ctx: RequestContext,
    field: 'customerId' | 'anonymousId',
    value: string,
  ): Promise<Cart> {
    const rows = await this.db.query<Array<{ doc: Cart }>>(
      `SELECT doc FROM ${cartsTable.table} WHERE project_key = $1 AND ${CART_COLUMNS[field]} = $2
         AND doc->>'cartState' = 'Active' AND doc->>'origin' = 'Customer'
         AND ($3::text IS NULL OR store_key = $3)
       ORDER BY last_modified_at DESC LIMIT 1`,
      [ctx.projectKey, value, ctx.storeKey ?? null],
    );
    if (!rows[0]) throw Errors.resourceNotFound({ key: 'active-cart' });
    return rows[0].doc;
  }

  private mine(ctx: RequestContext, cart: Cart, ref: unknown): Cart {
    const owner = ownerOf(ctx);
    const yours =
      'customerId' in owner
        ? cart.customerId === owner.customerId
        : cart.customerId === undefined && cart.anonymousId === owner.anonymousId;
    if (!yours) throw Errors.resourceNotFound(ref as { id: string });
    return cart;
  }
}

/** The token's customer, else its anonymous session (the gateway refuses a token with neither). */
function ownerOf(ctx: RequestContext): Owner {
  if (ctx.actor.customerId) return { customerId: ctx.actor.customerId };
  if (ctx.actor.anonymousId) return { anonymousId: ctx.actor.anonymousId };
  throw Errors.insufficientScope(['customer_id', 'anonymous_id']);
}
