import {
  CartDraftDto,
  ReplicaCartDraftDto,
  Subjects,
  type Cart,
  type RequestContext,
  type Store,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { ProjectSettings, type ResourceEngine, type ResourceHandlers } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { CartCatalog } from './cart-catalog.js';
import { replicaDraft } from './cart-replica.js';
import { CART_ENGINE } from './cart.definition.js';
import { lookupsFor, withCartRequest, type CartRequest } from './cart-request.js';

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

  async update(ctx: RequestContext, ref: unknown, rawUpdate: unknown): Promise<Cart> {
    // At the version this process wrote last, the cart is known without a read (the engine's memory).
    const version = (rawUpdate as { version?: unknown } | null)?.version;
    const cart = this.inStore(ctx, await this.engine.getAt(ctx, ref, version), ref);
    // The engine validates the body and its actions; what the catalog read needs is taken from it as is.
    const actions = (rawUpdate as { actions?: unknown } | null)?.actions;
    const request = await this.prepare(ctx, cart, Array.isArray(actions) ? actions : [], cart.store);
    return this.engine.update(withCartRequest(ctx, request), ref, rawUpdate);
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<Cart> {
    await this.get(ctx, ref);
    return this.engine.delete(ctx, ref, version);
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
  ): Promise<CartRequest> {
    const project = await this.settings.get(ctx);
    const store = storeRef ? await this.store(ctx, storeRef) : undefined;
    const items = lookupsFor(cart, actions);
    const taxCategoryIds = [
      ...(cart?.customLineItems ?? []).flatMap((item) => (item.taxCategory ? [item.taxCategory.id] : [])),
      ...(cart?.shippingInfo?.taxCategory ? [cart.shippingInfo.taxCategory.id] : []),
    ];
    const response = await this.rpc.send(Subjects.catalog.checkout.lineItems, {
      ctx,
      items,
      ...(taxCategoryIds.length ? { taxCategoryIds } : {}),
      ...(store ? { storeProductSelections: store.productSelections } : {}),
    });
    return {
      catalog: new CartCatalog(items, response),
      ...(store ? { store } : {}),
      settings: {
        deleteDaysAfterLastModification: project.carts.deleteDaysAfterLastModification,
        priceRoundingMode: project.carts.priceRoundingMode,
        taxRoundingMode: project.carts.taxRoundingMode,
        countryTaxRateFallbackEnabled: project.carts.countryTaxRateFallbackEnabled,
        ...(project.shippingRateInputType
          ? { shippingRateInputType: project.shippingRateInputType.type }
          : {}),
      },
    };
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
