import {
  CartDraftDto,
  ReplicaCartDraftDto,
  Subjects,
  type Cart,
  type RequestContext,
  type ShoppingList,
  type ShoppingListDraftDto,
  type Store,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { ProjectSettings, type ResourceEngine, type ResourceHandlers } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { CartCatalog } from './cart-catalog.js';
import { changesQuantities, InventoryLimits, supplyChannelsOf } from './cart-inventory.js';
import { replicaDraft } from './cart-replica.js';
import { repriced } from './cart-reprice.js';
import { CART_ENGINE } from './cart.definition.js';
import { SHOPPING_LIST_ENGINE } from '../shopping-lists/shopping-list.definition.js';
import { giftLookups, lookupsFor, withCartRequest, type CartRequest } from './cart-request.js';
import { CartDiscountReader } from './cart-discount-reader.js';

/**
 * The carts' six subjects: the engine behind the Store rule (in a Store, only its carts exist: others answer
 * 404) and with what a change needs read first, in one catalog call (`catalog.checkout.line-items`).
 */
@Injectable()
export class CartsService implements ResourceHandlers {
  constructor(
    @Inject(CART_ENGINE) private readonly engine: ResourceEngine<Cart, CartDraftDto>,
    private readonly rpc: RpcClient,
    private readonly settings: ProjectSettings,
    @Inject(SHOPPING_LIST_ENGINE)
    private readonly shoppingLists: ResourceEngine<ShoppingList, ShoppingListDraftDto>,
    private readonly discounts: CartDiscountReader,
  ) {}

  async create(ctx: RequestContext, rawDraft: unknown): Promise<Cart> {
    const draft = parseDto(CartDraftDto, rawDraft);
    if (ctx.storeKey !== undefined && draft.store && draft.store.key !== ctx.storeKey)
      throw Errors.invalidInput(`The cart's store must be '${ctx.storeKey}' on this endpoint.`);
    const storeRef = ctx.storeKey !== undefined ? { key: ctx.storeKey } : draft.store;
    const actions = (draft.lineItems ?? []).map((item) => ({ ...item, action: 'addLineItem' }));
    const request = await this.prepare(ctx, undefined, actions, storeRef);
    return this.engine.create(withCartRequest(ctx, request), rawDraft);
  }

  /** `POST /carts/replicate` (checkout facts 4.9): a new Active cart from a cart (orders: not yet). */
  async replicate(ctx: RequestContext, rawDraft: unknown, owned?: (cart: Cart) => void): Promise<Cart> {
    const draft = parseDto(ReplicaCartDraftDto, rawDraft);
    if (draft.reference.typeId !== 'cart')
      throw Errors.invalidInput('Replicating an order is not supported yet: reference a cart.');
    const source = await this.get(ctx, { id: draft.reference.id }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'ResourceNotFound')
        throw Errors.referencedResourceNotFound('cart', { id: draft.reference.id });
      throw error;
    });
    owned?.(source);
    return this.create(ctx, replicaDraft(source, draft.key));
  }

  async get(ctx: RequestContext, ref: unknown): Promise<Cart> {
    return this.inStore(ctx, await this.engine.get(ctx, ref), ref);
  }

  query(ctx: RequestContext, raw: RawQuery | undefined) {
    if (ctx.storeKey === undefined) return this.engine.query(ctx, raw);
    const where = raw?.where === undefined ? [] : Array.isArray(raw.where) ? raw.where : [raw.where];
    return this.engine.query(ctx, {
      ...raw,
      where: [...where, `store(key = ${JSON.stringify(ctx.storeKey)})`],
    });
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery | undefined): Promise<boolean> {
    if (ref === undefined || ref === null) {
      if (ctx.storeKey === undefined) return this.engine.exists(ctx, ref, raw);
      return (await this.query(ctx, { ...raw, limit: '1', withTotal: 'false' })).results.length > 0;
    }
    const cart = await this.engine.find(ctx, ref);
    return cart !== undefined && (ctx.storeKey === undefined || cart.store?.key === ctx.storeKey);
  }

  /**
   * One read of the cart per update: the engine's copy of what this process wrote last at the update's
   * version (then the engine writes from it too), else the table's, handed on to the engine.
   */
  async update(ctx: RequestContext, ref: unknown, rawUpdate: unknown): Promise<Cart> {
    // The engine validates the body and its actions (once); what the reads need is taken from it as it is.
    const { actions, version } = (rawUpdate ?? {}) as { actions?: unknown; version?: unknown };
    const remembered = typeof version === 'number' ? this.engine.remembered(ctx, ref, version) : undefined;
    const cart = this.inStore(ctx, remembered ?? (await this.engine.get(ctx, ref)), ref);
    const list: unknown[] = Array.isArray(actions) ? actions : [];
    const request = await this.prepare(ctx, cart, list, cart.store, await this.listsOf(ctx, list));
    return this.engine.update(withCartRequest(ctx, request), ref, rawUpdate, {
      doc: cart,
      remembered: remembered !== undefined,
    });
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<Cart> {
    await this.get(ctx, ref);
    return this.engine.delete(ctx, ref, version);
  }

  /**
   * What moved since the cart was last recalculated (checkout facts 3.2, `PriceChanged` at order creation):
   * the cart repriced from the catalog as it is now (the one catalog call of a change), compared with what it
   * stores: each line item's price and tax rate, the shipping price and its tax rate. A frozen cart keeps its
   * prices, so nothing moves for it. Raises what a recalculation raises (MatchingPriceNotFound, ...).
   */
  async priceChanges(ctx: RequestContext, cart: Cart): Promise<{ lineItems: string[]; shipping: boolean }> {
    if (cart.cartState === 'Frozen') return { lineItems: [], shipping: false };
    const { catalog, settings } = await this.prepare(ctx, cart, [], cart.store);
    const now = repriced(cart, catalog, settings);
    const stored = new Map(cart.lineItems.map((item) => [item.id, item]));
    const lineItems = now.lineItems
      .filter((item) => {
        const before = stored.get(item.id);
        return (
          !before ||
          !samePrice(before.price.value, item.price.value) ||
          !samePrice(before.price.discounted?.value, item.price.discounted?.value) ||
          !sameRate(before.taxRate, item.taxRate)
        );
      })
      .map((item) => item.id);
    const shipping =
      !samePrice(cart.shippingInfo?.price, now.shippingInfo?.price) ||
      !sameRate(cart.shippingInfo?.taxRate, now.shippingInfo?.taxRate);
    return { lineItems, shipping };
  }

  /**
   * A copy of `cart` (same id and state) keeping only the line items and custom line items `keep` accepts,
   * recalculated with the catalog as it is now (totals, tax, shipping, cart discounts of what is left).
   */
  async repricedSubset(
    ctx: RequestContext,
    cart: Cart,
    keep: (item: { id: string; recurrenceInfo?: Cart['lineItems'][number]['recurrenceInfo'] }) => boolean,
  ): Promise<Cart> {
    const subset: Cart = {
      ...cart,
      lineItems: cart.lineItems.filter(keep),
      customLineItems: cart.customLineItems.filter(keep),
    };
    const { catalog, settings, discounts } = await this.prepare(ctx, subset, [], cart.store);
    return repriced(subset, catalog, settings, new Date(), discounts);
  }

  /**
   * The context a change of `cart` by `actions` runs in, carrying what the change reads first (the one catalog
   * call, the Store, the discounts, the shopping lists `addShoppingList` names): Order Edits run the cart
   * engine's handlers on an order in it (order-edits/staged-order.ts).
   */
  async changeContext(ctx: RequestContext, cart: Cart, actions: readonly unknown[]): Promise<RequestContext> {
    const request = await this.prepare(ctx, cart, actions, cart.store, await this.listsOf(ctx, actions));
    return withCartRequest(ctx, request);
  }

  /** A cart of another Store (or none) does not exist in this Store. */
  private inStore(ctx: RequestContext, cart: Cart, ref: unknown): Cart {
    if (ctx.storeKey !== undefined && cart.store?.key !== ctx.storeKey)
      throw Errors.resourceNotFound(ref as { id: string } | { key: string });
    return cart;
  }

  /**
   * What one change reads before its actions: the project's cart settings (cached), the cart's Store, then
   * the catalog in one call: every line item's product (current prices), those the actions add, and the tax
   * categories of the cart's items and shipping.
   */
  private async prepare(
    ctx: RequestContext,
    cart: Cart | undefined,
    actions: readonly unknown[],
    storeRef: { key?: string; id?: string } | undefined,
    shoppingLists: ShoppingList[] = [],
  ): Promise<CartRequest> {
    const project = await this.settings.get(ctx);
    const store = storeRef ? await this.store(ctx, storeRef) : undefined;
    const { discounts, shippingPredicates } = await this.discounts.readForChange(ctx, cart, actions);
    const items = lookupsFor(cart, actions, shoppingLists, giftLookups(discounts.cartDiscounts));
    const taxCategoryIds = [
      ...(cart?.customLineItems ?? []).flatMap((item) => (item.taxCategory ? [item.taxCategory.id] : [])),
      ...(cart?.shippingInfo?.taxCategory ? [cart.shippingInfo.taxCategory.id] : []),
      ...(cart?.shipping ?? []).flatMap((entry) =>
        entry.shippingInfo.taxCategory ? [entry.shippingInfo.taxCategory.id] : [],
      ),
    ];
    // A change that can move a quantity also reads the entries whose limits it must keep, in the same call.
    const limited = changesQuantities(actions);
    const response = await this.rpc.send(Subjects.catalog.checkout.lineItems, {
      ctx,
      items,
      ...(taxCategoryIds.length ? { taxCategoryIds } : {}),
      ...(store ? { storeProductSelections: store.productSelections } : {}),
      ...(limited ? { inventoryChannels: supplyChannelsOf(cart, actions) } : {}),
    });
    const catalog = new CartCatalog(items, response, store?.languages);
    const inventory = limited ? new InventoryLimits(response.inventory) : undefined;
    return {
      catalog,
      ...(inventory ? { inventory } : {}),
      ...(store ? { store } : {}),
      ...(shoppingLists.length > 0 ? { shoppingLists } : {}),
      discounts,
      shippingPredicates,
      settings: {
        deleteDaysAfterLastModification: project.carts.deleteDaysAfterLastModification,
        priceRoundingMode: project.carts.priceRoundingMode,
        taxRoundingMode: project.carts.taxRoundingMode,
        countryTaxRateFallbackEnabled: project.carts.countryTaxRateFallbackEnabled,
        ...(project.shippingRateInputType
          ? { shippingRateInputType: project.shippingRateInputType.type }
          : {}),
        ...(project.shippingRateInputType?.type === 'CartClassification'
          ? {
              classificationLabels: Object.fromEntries(
                project.shippingRateInputType.values.map((value) => [value.key, value.label]),
              ),
            }
          : {}),
      },
    };
  }

  /** The shopping lists `addShoppingList` actions name (same service: read directly); unknown ones are 400. */
  private async listsOf(ctx: RequestContext, actions: readonly unknown[]): Promise<ShoppingList[]> {
    const refs = actions.flatMap((raw): Array<{ id: string } | { key: string }> => {
      const action = raw as { action?: unknown; shoppingList?: { id?: unknown; key?: unknown } } | null;
      if (action?.action !== 'addShoppingList' || !action.shoppingList) return [];
      const { id, key } = action.shoppingList;
      return typeof id === 'string' ? [{ id }] : typeof key === 'string' ? [{ key }] : [];
    });
    return Promise.all(
      refs.map(async (ref) => {
        const found = await this.shoppingLists.find(ctx, ref);
        if (!found) throw Errors.referencedResourceNotFound('shopping-list', ref);
        return found;
      }),
    );
  }

  private async store(ctx: RequestContext, ref: { key?: string; id?: string }): Promise<Store> {
    try {
      return await this.rpc.send(Subjects.stores.store.get, {
        ctx,
        ref: ref.key !== undefined ? { key: ref.key } : { id: ref.id ?? '' },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ResourceNotFound') {
        if (ctx.storeKey !== undefined) throw Errors.resourceNotFound({ key: ctx.storeKey });
        throw Errors.referencedResourceNotFound(
          'store',
          ref.key !== undefined ? { key: ref.key } : { id: ref.id ?? '' },
        );
      }
      throw error;
    }
  }
}

type Amount = { currencyCode: string; centAmount: number; preciseAmount?: number } | undefined;

function samePrice(a: Amount, b: Amount): boolean {
  return (
    a?.currencyCode === b?.currencyCode &&
    a?.centAmount === b?.centAmount &&
    a?.preciseAmount === b?.preciseAmount
  );
}

type Rate = { amount: number; includedInPrice: boolean; country: string; state?: string } | undefined;

function sameRate(a: Rate, b: Rate): boolean {
  return (
    a?.amount === b?.amount &&
    a?.includedInPrice === b?.includedInPrice &&
    a?.country === b?.country &&
    a?.state === b?.state
  );
}
