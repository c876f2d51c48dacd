import { MergeCartDraftDto, type Cart, type LineItem, type RequestContext } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CartsService } from './carts.service.js';
import { cartsTable } from './carts.table.js';
import { mergeTarget } from './line-items.js';

/**
 * The anonymous cart at a customer's sign-in and `POST carts/customer-id={id}/merge` (checkout facts 4.8):
 *
 * - `anonymousId` assigns the session's Active carts to the customer (each recalculated in the customer's
 *   group); an `anonymousCart` whose `anonymousId` differs from the one given is InvalidOperation;
 * - `UseAsNewActiveCustomerCart`, or `MergeWithExistingCustomerCart` when the customer has no other Active
 *   cart: the anonymous cart gets the customer and becomes the most recently modified, so the active one;
 * - `MergeWithExistingCustomerCart`: the anonymous cart's line items go into the customer's active cart (in
 *   the Store of the request, if any). A line item with the same product, variant, channels and custom
 *   fields takes the larger of both quantities; the others are added (custom line items and the cart's custom
 *   fields are not copied) **(choice, facts 17.3)**. The target is recalculated (`updateProductData`), the
 *   anonymous cart becomes `Merged`.
 *
 * Each step is a cart update through the engine (version-checked, recalculated), so the merge can fail with
 * MatchingPriceNotFound or MissingTaxRateForCountry as the live sign-in can. Answers the customer's active
 * cart, or null when there is none.
 */
@Injectable()
export class CartMerge {
  constructor(
    private readonly carts: CartsService,
    private readonly db: DataSource,
  ) {}

  async merge(ctx: RequestContext, customerId: string, rawDraft: unknown): Promise<Cart | null> {
    const draft = parseDto(MergeCartDraftDto, rawDraft ?? {});
    const mode = draft.mergeMode ?? 'MergeWithExistingCustomerCart';
    const anonymous = draft.anonymousCart
      ? await this.anonymousCart(ctx, draft.anonymousCart, customerId, draft.anonymousId)
      : undefined;
    if (draft.anonymousId !== undefined)
      await this.assignSession(ctx, draft.anonymousId, customerId, anonymous?.id);
    if (!anonymous) return (await this.activeOf(ctx, customerId)) ?? null;
    const target =
      mode === 'MergeWithExistingCustomerCart'
        ? await this.activeOf(ctx, customerId, anonymous.id)
        : undefined;
    if (!target) return this.adopt(ctx, anonymous, customerId, draft.updateProductData);
    return this.mergeInto(ctx, anonymous, target, draft.updateProductData);
  }

  /**
   * Sign-up's check before the customer is written (SDK `CustomerDraft.anonymousCart`): the anonymous cart
   * exists, is Active, has no customer and is of `anonymousId`, so handing it over afterwards cannot be refused.
   */
  async checkHandOver(ctx: RequestContext, rawDraft: unknown): Promise<void> {
    const draft = parseDto(MergeCartDraftDto, rawDraft ?? {});
    if (draft.anonymousCart) await this.anonymousCart(ctx, draft.anonymousCart, undefined, draft.anonymousId);
  }

  private async anonymousCart(
    ctx: RequestContext,
    ref: { id?: string; key?: string },
    customerId: string | undefined,
    anonymousId: string | undefined,
  ): Promise<Cart> {
    const named = ref.id !== undefined ? { id: ref.id } : { key: ref.key ?? '' };
    const cart = await this.carts.get(ctx, named).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'ResourceNotFound')
        throw Errors.referencedResourceNotFound('cart', named);
      throw error;
    });
    if (cart.cartState !== 'Active')
      throw Errors.invalidOperation(
        `The anonymous cart is ${cart.cartState}; only an Active cart is merged.`,
      );
    if (cart.customerId !== undefined && cart.customerId !== customerId)
      throw Errors.invalidOperation('The anonymous cart belongs to another customer.');
    if (anonymousId !== undefined && cart.anonymousId !== anonymousId)
      throw Errors.invalidOperation(
        `The anonymous cart's anonymousId is not '${anonymousId}': it belongs to another session.`,
      );
    return cart;
  }

  /** The session's other Active carts without a customer get the customer (the anonymous cart is done below). */
  private async assignSession(
    ctx: RequestContext,
    anonymousId: string,
    customerId: string,
    except: string | undefined,
  ): Promise<void> {
    const rows = await this.db.query<Array<{ doc: Cart }>>(
      `SELECT doc FROM ${cartsTable.table} WHERE project_key = $1 AND anonymous_id = $2
         AND doc->>'cartState' = 'Active' AND customer_id IS NULL
         AND ($3::text IS NULL OR store_key = $3)
       ORDER BY last_modified_at ASC LIMIT 100`,
      [ctx.projectKey, anonymousId, ctx.storeKey ?? null],
    );
    for (const { doc } of rows) {
      if (doc.id === except) continue;
      await this.carts.update(
        ctx,
        { id: doc.id },
        {
          version: doc.version,
          actions: [{ action: 'setCustomerId', customerId }],
        },
      );
    }
  }

  /** The anonymous cart becomes the customer's (and, being modified last, the active one). */
  private adopt(
    ctx: RequestContext,
    anonymous: Cart,
    customerId: string,
    updateProductData: boolean | undefined,
  ): Promise<Cart> {
    return this.carts.update(
      ctx,
      { id: anonymous.id },
      {
        version: anonymous.version,
        actions: [
          ...(anonymous.customerId === customerId ? [] : [{ action: 'setCustomerId', customerId }]),
          { action: 'recalculate', updateProductData: updateProductData ?? false },
        ],
      },
    );
  }

  private async mergeInto(
    ctx: RequestContext,
    anonymous: Cart,
    target: Cart,
    updateProductData: boolean | undefined,
  ): Promise<Cart> {
    const actions: object[] = [];
    const keys = new Set(target.lineItems.flatMap((li) => (li.key !== undefined ? [li.key] : [])));
    for (const item of anonymous.lineItems.filter((li) => li.lineItemMode === 'Standard')) {
      const match = mergeTarget(target.lineItems, identityOf(item), false);
      if (match) {
        if (item.quantity > match.quantity)
          actions.push({ action: 'changeLineItemQuantity', lineItemId: match.id, quantity: item.quantity });
        continue;
      }
      actions.push(addedLineItem(item, keys));
    }
    actions.push({ action: 'recalculate', updateProductData: updateProductData ?? false });
    const merged = await this.carts.update(ctx, { id: target.id }, { version: target.version, actions });
    await this.markMerged(ctx, anonymous);
    return merged;
  }

  /** `cartState: Merged` is final (no update action sets it): one conditional write at the cart's version. */
  private async markMerged(ctx: RequestContext, cart: Cart): Promise<void> {
    const now = new Date().toISOString();
    const next: Cart = { ...cart, cartState: 'Merged', version: cart.version + 1, lastModifiedAt: now };
    if (!(await cartsTable.replace(this.db, ctx.projectKey, next, cart.version))) {
      const current = await cartsTable.findById(this.db, ctx.projectKey, cart.id);
      throw Errors.concurrentModification(cart.id, cart.version, current?.version ?? cart.version);
    }
  }

  /** The customer's most recently modified Active cart of origin Customer (in the request's Store, if any). */
  private async activeOf(
    ctx: RequestContext,
    customerId: string,
    except?: string,
  ): Promise<Cart | undefined> {
    const rows = await this.db.query<Array<{ doc: Cart }>>(
      `SELECT doc FROM ${cartsTable.table} WHERE project_key = $1 AND customer_id = $2
         AND doc->>'cartState' = 'Active' AND doc->>'origin' = 'Customer'
         AND ($3::text IS NULL OR store_key = $3) AND ($4::text IS NULL OR id <> $4)
       ORDER BY last_modified_at DESC LIMIT 1`,
      [ctx.projectKey, customerId, ctx.storeKey ?? null, except ?? null],
    );
    return rows[0]?.doc;
  }
}

function identityOf(item: LineItem) {
  return {
    productId: item.productId,
    variantId: item.variant.id,
    ...(item.supplyChannel ? { supplyChannel: item.supplyChannel.id } : {}),
    ...(item.distributionChannel ? { distributionChannel: item.distributionChannel.id } : {}),
    ...(item.custom ? { custom: item.custom } : {}),
    ...(item.recurrenceInfo ? { recurrenceInfo: item.recurrenceInfo } : {}),
  };
}

/** An anonymous line item as the `addLineItem` that adds it to the customer's cart. */
function addedLineItem(item: LineItem, keys: ReadonlySet<string>): object {
  return {
    action: 'addLineItem',
    productId: item.productId,
    variantId: item.variant.id,
    quantity: item.quantity,
    ...(item.key !== undefined && !keys.has(item.key) ? { key: item.key } : {}),
    ...(item.supplyChannel ? { supplyChannel: { typeId: 'channel', id: item.supplyChannel.id } } : {}),
    ...(item.distributionChannel
      ? { distributionChannel: { typeId: 'channel', id: item.distributionChannel.id } }
      : {}),
    ...(item.inventoryMode ? { inventoryMode: item.inventoryMode } : {}),
    ...(item.custom
      ? { custom: { type: { typeId: 'type', id: item.custom.type.id }, fields: item.custom.fields } }
      : {}),
    ...(item.recurrenceInfo ? { recurrenceInfo: item.recurrenceInfo } : {}),
  };
}
