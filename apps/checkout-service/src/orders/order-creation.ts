import {
  MyOrderFromCartDraftDto,
  OrderFromCartDraftDto,
  Subjects,
  clientLogging,
  type Cart,
  type DiscountCode,
  type InventoryReservationItem,
  type Order,
  type RequestContext,
  type Store,
} from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { MessageLog, resolveCustomFields, ReferenceResolver } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

import { CartsService } from '../carts/carts.service.js';
import { checkStoreCountry } from '../carts/store-binding.js';
import { cartsTable } from '../carts/carts.table.js';
import { stateReference } from '../shared/state-transition.js';
import { inScope, scopeOf, type OrderScope } from './order-handlers.js';
import { ordersTable } from './orders.table.js';
import { CartDiscountReader } from '../carts/cart-discount-reader.js';
import { checkDiscountCodes, countApplications } from './order-discount-codes.js';
import { checkShippingMethods, type CartShippingMethod } from './order-shipping-methods.js';
import { shippingMethodIdsOf } from '../shipping-methods/matching-cart.js';
import {
  RECURRING_ORDER_SETTINGS,
  type RecurringOrderSettings,
} from '../recurring-orders/recurring-order-clock.js';
import {
  recurringPlans,
  writeRecurringPlans,
  type RecurringPlan,
} from '../recurring-orders/recurring-orders-from-order.js';

/** The line items whose stock an order holds: SKU, supply channel and inventory mode TrackOnly or ReserveOnOrder. */
export function reservationItems(cart: Cart): InventoryReservationItem[] {
  return cart.lineItems.flatMap((item) => {
    const mode = item.inventoryMode ?? cart.inventoryMode;
    if ((mode !== 'TrackOnly' && mode !== 'ReserveOnOrder') || !item.variant.sku) return [];
    return [
      {
        sku: item.variant.sku,
        ...(item.supplyChannel ? { supplyChannelId: item.supplyChannel.id } : {}),
        quantity: item.quantity,
        mode,
        lineItemId: item.id,
      },
    ];
  });
}

/**
 * An order from a cart (checkout facts 5): every check in one step, then the saga of docs/CONSISTENCY.md,
 * "Orders from carts": reserve the stock (catalog-service, all or nothing, idempotent per order id), write the
 * order with its OrderCreated Message and the cart `Ordered` in one transaction (conditional on the cart's
 * version, so two orders from one cart cannot both commit), then confirm the reservation; release it if the
 * write failed. A reservation whose order never committed is released by catalog's sweep, which asks
 * `checkout.orders.exists` first.
 */
@Injectable()
export class OrderCreation {
  private readonly logger = new Logger(OrderCreation.name);

  constructor(
    private readonly db: DataSource,
    private readonly messages: MessageLog,
    private readonly rpc: RpcClient,
    @Inject(ReferenceResolver) private readonly resolver: ReferenceResolver,
    private readonly carts: CartsService,
    private readonly discountReader: CartDiscountReader,
    @Inject(RECURRING_ORDER_SETTINGS) private readonly clock: RecurringOrderSettings,
  ) {}

  /** `POST /orders` (and in a Store). */
  create(ctx: RequestContext, raw: unknown): Promise<Order> {
    const draft = parseDto(OrderFromCartDraftDto, raw);
    const id = draft.cart?.id ?? draft.id;
    const key = draft.cart?.key;
    if (!id && !key) throw Errors.invalidInput('The cart to order must be given (cart or id).');
    return this.fromCart(ctx, id ? { id } : { key: key! }, draft, scopeOf(ctx, false));
  }

  /** `POST /me/orders` (and in a Store): `{id, version}` of the token's own cart. */
  createMine(ctx: RequestContext, raw: unknown): Promise<Order> {
    const draft = parseDto(MyOrderFromCartDraftDto, raw);
    return this.fromCart(ctx, { id: draft.id }, { version: draft.version }, scopeOf(ctx, true));
  }

  private async fromCart(
    ctx: RequestContext,
    ref: { id: string } | { key: string },
    draft: Partial<OrderFromCartDraftDto> & { version: number },
    scope: OrderScope,
  ): Promise<Order> {
    const cart =
      'id' in ref
        ? await cartsTable.findById(this.db, ctx.projectKey, ref.id)
        : await cartsTable.findByKey(this.db, ctx.projectKey, ref.key);
    if (!cart || !inScope(scope, cart as unknown as Order)) {
      if (scope.owner) throw Errors.resourceNotFound('id' in ref ? ref : { key: ref.key });
      throw Errors.referencedResourceNotFound('cart', ref);
    }
    const order = await this.checkedOrder(ctx, cart, draft);
    // A customer's order takes the prices it was shown (facts 3.2): what moved since the last recalculation
    // is PriceChanged. A recurring order's own prices follow its price selection mode instead (its runner).
    const moved = await this.carts.priceChanges(ctx, cart);
    if (moved.lineItems.length > 0 || moved.shipping)
      throw CartErrors.priceChanged(moved.lineItems, moved.shipping);
    const codes = await checkDiscountCodes(this.discountReader, ctx, cart);
    // The recurring orders the order starts (originOrder), read and built before anything is written.
    const plans = await recurringPlans(this.db, ctx, cart, order, this.clock, (keep) =>
      this.carts.repricedSubset(ctx, cart, keep),
    );
    const items = reservationItems(cart);
    if (items.length > 0) {
      await this.rpc.send(Subjects.catalog.inventory.reserve, { ctx, orderId: order.id, items });
    }
    try {
      await this.write(ctx, cart, order, codes, plans);
    } catch (error) {
      if (items.length > 0) await this.settle(ctx, order.id, 'release');
      throw error;
    }
    if (items.length > 0) await this.settle(ctx, order.id, 'confirm');
    return order;
  }

  /** Every check of facts 5 that needs no write, and the order the cart becomes. */
  async checkedOrder(
    ctx: RequestContext,
    cart: Cart,
    draft: Partial<OrderFromCartDraftDto> & { version: number },
  ): Promise<Order> {
    if (cart.version !== draft.version)
      throw Errors.concurrentModification(cart.id, draft.version, cart.version);
    if (cart.cartState !== 'Active' && cart.cartState !== 'Frozen') {
      throw Errors.invalidOperation(
        `The cart is ${cart.cartState}; only an Active or Frozen cart can be ordered.`,
      );
    }
    if (cart.lineItems.length + cart.customLineItems.length === 0) {
      throw Errors.invalidOperation('An empty cart can not be ordered.');
    }
    if (!cart.shippingAddress)
      throw Errors.invalidOperation('The cart needs a shipping address to be ordered.');
    if (cart.shippingInfo?.shippingMethodState === 'DoesNotMatchCart') {
      throw CartErrors.shippingMethodDoesNotMatchCart();
    }
    const methodIds = shippingMethodIdsOf(cart);
    if (methodIds.length > 0) {
      const found = await this.resolver.lookup(
        ctx,
        methodIds.map((id) => ({ typeId: 'shipping-method', id })),
      );
      checkShippingMethods(
        cart,
        methodIds.flatMap((id) => {
          const method = found.get(`shipping-method:${id}`);
          return method ? [method as unknown as CartShippingMethod] : [];
        }),
      );
    }
    for (const item of [...cart.lineItems, ...cart.customLineItems]) {
      if (item.shippingDetails && !item.shippingDetails.valid) {
        throw CartErrors.invalidItemShippingDetails(
          'lineItemMode' in item ? 'LineItem' : 'CustomLineItem',
          item.id,
        );
      }
    }
    if (ctx.storeKey || cart.store) {
      const [store] = await this.resolver.require<Store & Record<string, unknown>>(ctx, 'store', [
        { key: ctx.storeKey ?? cart.store!.key },
      ]);
      checkStoreCountry(store, cart.country ?? cart.shippingAddress.country);
    }
    const [state, custom] = await Promise.all([
      draft.state && stateReference(this.resolver, ctx, 'OrderState', draft.state),
      draft.custom
        ? resolveCustomFields(this.resolver, ctx, 'order', {
            type: draft.custom.type,
            fields: { ...(cart.custom?.fields ?? {}), ...(draft.custom.fields ?? {}) },
          })
        : cart.custom,
    ]);
    const now = new Date().toISOString();
    const logging = clientLogging(ctx.actor);
    const {
      cartState: _state,
      lock: _lock,
      freezeStrategy: _freeze,
      deleteDaysAfterLastModification: _days,
      warnings: _warnings,
      key: _key,
      totalLineItemQuantity: _quantity,
      id: _id,
      version: _version,
      createdAt: _created,
      lastModifiedAt: _modified,
      createdBy: _createdBy,
      lastModifiedBy: _modifiedBy,
      custom: _custom,
      ...fields
    } = cart;
    const purchaseOrderNumber = draft.purchaseOrderNumber ?? cart.purchaseOrderNumber;
    return {
      ...fields,
      id: randomUUID(),
      version: 1,
      ...(draft.orderNumber ? { orderNumber: draft.orderNumber } : {}),
      ...(purchaseOrderNumber ? { purchaseOrderNumber } : {}),
      orderState: draft.orderState ?? 'Open',
      ...(draft.shipmentState ? { shipmentState: draft.shipmentState } : {}),
      ...(draft.paymentState ? { paymentState: draft.paymentState } : {}),
      ...(state ? { state } : {}),
      ...(custom ? { custom } : {}),
      syncInfo: [],
      returnInfo: [],
      cart: { typeId: 'cart', id: cart.id },
      lastMessageSequenceNumber: 1,
      createdAt: now,
      lastModifiedAt: now,
      createdBy: logging,
      lastModifiedBy: logging,
    };
  }

  /**
   * The order, its OrderCreated Message, the cart `Ordered` and the recurring orders it starts (with their
   * carts and RecurringOrderCreated Messages), in one transaction.
   */
  private async write(
    ctx: RequestContext,
    cart: Cart,
    order: Order,
    codes: readonly DiscountCode[],
    plans: readonly RecurringPlan[],
  ): Promise<void> {
    const writer = await this.messages.writer(ctx);
    const now = order.createdAt;
    const ordered: Cart = {
      ...cart,
      cartState: 'Ordered',
      version: cart.version + 1,
      lastModifiedAt: now,
      lastModifiedBy: clientLogging(ctx.actor),
    };
    await this.db.transaction(async (tx) => {
      await countApplications(tx, ctx, order.id, cart, codes);
      await ordersTable.insert(tx, ctx.projectKey, order);
      await writer.append(
        tx,
        {
          typeId: 'order',
          id: order.id,
          version: 1,
          table: ordersTable.table,
          ...(order.orderNumber ? { identifiers: { orderNumber: order.orderNumber } } : {}),
        },
        [{ type: 'OrderCreated', order }],
      );
      await writeRecurringPlans(tx, writer, ctx, plans);
      if (!(await cartsTable.replace(tx, ctx.projectKey, ordered, cart.version))) {
        const current = await cartsTable.findById(tx, ctx.projectKey, cart.id);
        throw current
          ? Errors.concurrentModification(cart.id, cart.version, current.version)
          : Errors.resourceNotFound({ id: cart.id });
      }
    });
  }

  /** Confirms or releases the order's reservation; a failure is left to catalog's sweep (it asks first). */
  async settle(ctx: RequestContext, orderId: string, outcome: 'confirm' | 'release'): Promise<void> {
    try {
      await this.rpc.send(Subjects.catalog.inventory[outcome], { ctx, orderId });
    } catch (error) {
      this.logger.warn(
        `${outcome} of the reservation of order ${orderId} failed; the sweep settles it: ${String(error)}`,
      );
    }
  }
}
