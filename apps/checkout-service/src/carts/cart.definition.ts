import {
  CART_DELETE_DAYS,
  CartDraftDto,
  type Cart,
  type CartResource,
  type CustomerGroup,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { centMoney } from '@commerce/pricing';
import {
  applyActions,
  customFieldActions,
  resolveCustomFields,
  type ActionContext,
  type DeclaredActionTable,
  type ResourceDefinition,
  type ResourceFields,
} from '@commerce/resources';
import { addressActions, cartAddress, contextActions } from './cart-context-actions.js';
import { customLineItemActions } from './cart-custom-line-item-actions.js';
import type { CartDeps } from './cart-deps.js';
import { lifecycleActions } from './cart-lifecycle-actions.js';
import { lineItemActions } from './cart-line-item-actions.js';
import { miscActions } from './cart-misc-actions.js';
import { withCartRules } from './cart-recalculation.js';
import { repriced } from './cart-reprice.js';
import { cartRequestOf } from './cart-request.js';
import { rateInputOf, shippingActions } from './cart-shipping-actions.js';
import { cartsTable } from './carts.table.js';
import { checkStoreCountry } from './store-binding.js';

export const CART_ENGINE = Symbol('CART_ENGINE');

/** One handler for each of the 79 Cart update actions (`CART_ACTIONS` + the custom-fields pair). */
export function cartActions(deps: CartDeps) {
  const custom = customFieldActions<Cart>('order', deps.resolver);
  const lineItems = lineItemActions(deps);
  const table = {
    ...contextActions(),
    ...addressActions(deps),
    ...lifecycleActions(),
    ...lineItems,
    ...customLineItemActions(deps),
    ...shippingActions(deps),
    ...miscActions(deps, lineItems.addLineItem),
    setCustomType: custom.setCustomType,
    setCustomField: custom.setCustomField,
  } satisfies DeclaredActionTable<
    Cart,
    typeof CartResource.actions & { setCustomType: unknown; setCustomField: unknown }
  >;
  return withCartRules(table);
}

type Customer = { id: string; email?: string; customerGroup?: { typeId: 'customer-group'; id: string } };

/** An empty cart of the draft's context, before its items: what the draft's own actions then fill. */
async function emptyCart(deps: CartDeps, draft: CartDraftDto, context: ActionContext): Promise<Cart> {
  const { ctx } = context;
  const { store, settings } = cartRequestOf(ctx);
  if (draft.inventoryMode === 'ReserveOnCart')
    throw Errors.invalidOperation('The ReserveOnCart inventory mode is not supported.');
  if (draft.shippingMode !== 'Multiple' && (draft.shipping?.length || draft.customShipping?.length))
    throw Errors.invalidInput('shipping and customShipping need the Multiple shipping mode.');
  if (draft.shippingMode === 'Multiple' && draft.shippingMethod)
    throw Errors.invalidInput('shippingMethod is for the Single shipping mode; give shipping[] instead.');
  if (draft.customerId !== undefined && draft.anonymousId !== undefined)
    throw Errors.invalidOperation('A cart has either a customer or an anonymous id, not both.');
  checkStoreCountry(store, draft.country);
  const customer = draft.customerId
    ? (
        await deps.resolver.require<Customer & Record<string, unknown>>(ctx, 'customer', [
          { id: draft.customerId },
        ])
      )[0]
    : undefined;
  const group =
    customer?.customerGroup ??
    (draft.customerGroup
      ? {
          typeId: 'customer-group' as const,
          id: (
            await deps.resolver.require<CustomerGroup & Record<string, unknown>>(ctx, 'customer-group', [
              draft.customerGroup,
            ])
          )[0].id,
        }
      : undefined);
  const keys = (draft.itemShippingAddresses ?? []).map((address) => address.key);
  if (keys.some((key) => !key)) throw Errors.invalidInput('Every item shipping address needs a key.');
  if (new Set(keys).size !== keys.length)
    throw Errors.invalidInput('The keys of itemShippingAddresses must be unique.');
  const custom = await resolveCustomFields(deps.resolver, ctx, 'order', draft.custom);
  const now = new Date().toISOString();
  const address = (value: typeof draft.shippingAddress) => value && cartAddress(deps, ctx, value as never);
  const [billingAddress, shippingAddress] = [
    await address(draft.billingAddress),
    await address(draft.shippingAddress),
  ];
  const itemShippingAddresses = await Promise.all(
    (draft.itemShippingAddresses ?? []).map((a) => cartAddress(deps, ctx, a as never)),
  );
  return {
    id: '',
    version: 0,
    createdAt: now,
    lastModifiedAt: now,
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    ...(customer ? { customerId: customer.id } : {}),
    ...(draft.customerEmail !== undefined ? { customerEmail: draft.customerEmail } : {}),
    ...(group ? { customerGroup: group } : {}),
    ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
    ...(store ? { store: { typeId: 'store', key: store.key } } : {}),
    lineItems: [],
    customLineItems: [],
    totalPrice: centMoney(draft.currency, 0),
    taxMode: draft.taxMode ?? 'Platform',
    priceRoundingMode: draft.priceRoundingMode ?? settings.priceRoundingMode,
    taxRoundingMode: draft.taxRoundingMode ?? settings.taxRoundingMode,
    taxCalculationMode: draft.taxCalculationMode ?? 'LineItemLevel',
    inventoryMode: draft.inventoryMode ?? 'None',
    cartState: 'Active',
    ...(billingAddress ? { billingAddress } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
    shippingMode: draft.shippingMode ?? 'Single',
    shipping: [],
    itemShippingAddresses,
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
    ...(draft.shippingRateInput
      ? { shippingRateInput: rateInputOf(draft.shippingRateInput, settings.classificationLabels) }
      : {}),
    ...(draft.country !== undefined ? { country: draft.country } : {}),
    ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
    origin: draft.origin ?? 'Customer',
    ...(custom ? { custom } : {}),
    deleteDaysAfterLastModification:
      draft.deleteDaysAfterLastModification ??
      settings.deleteDaysAfterLastModification ??
      CART_DELETE_DAYS.default,
    ...(draft.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: draft.purchaseOrderNumber } : {}),
  };
}

/**
 * A cart from its draft: the empty cart of the draft's context, then its line items, custom line items,
 * shipping method and discount codes added as the update actions add them (the same rules, one place),
 * then recalculated.
 */
export async function buildCart(
  deps: CartDeps,
  table: ReturnType<typeof cartActions>,
  draft: CartDraftDto,
  context: ActionContext,
): Promise<ResourceFields<Cart>> {
  const empty = await emptyCart(deps, draft, context);
  // The Multiple mode's shippings first: the items' targets name them.
  const actions: object[] = [
    ...(draft.shipping ?? []).map(({ key, ...shipping }) => ({
      ...shipping,
      shippingKey: key,
      action: 'addShippingMethod',
    })),
    ...(draft.customShipping ?? []).map(({ key, ...shipping }) => ({
      ...shipping,
      shippingKey: key,
      action: 'addCustomShippingMethod',
    })),
    ...(draft.lineItems ?? []).map((item) => ({ ...item, action: 'addLineItem' })),
    ...(draft.customLineItems ?? []).map((item) => ({ ...item, action: 'addCustomLineItem' })),
    ...(draft.shippingMethod
      ? [
          {
            action: 'setShippingMethod',
            shippingMethod: draft.shippingMethod,
            ...(draft.externalTaxRateForShippingMethod
              ? { externalTaxRate: draft.externalTaxRateForShippingMethod }
              : {}),
          },
        ]
      : []),
    ...(draft.discountCodes ?? []).map((code) => ({ action: 'addDiscountCode', code })),
  ];
  const { resource } = await applyActions(table, empty, actions, context);
  const { catalog, settings, discounts } = cartRequestOf(context.ctx);
  const {
    id: _id,
    version: _version,
    createdAt: _c,
    lastModifiedAt: _l,
    ...fields
  } = repriced(resource, catalog, settings, new Date(), discounts);
  return fields;
}

/** Carts: draft rules, the 79 update actions, recalculation on every change. */
export function defineCart(deps: CartDeps): ResourceDefinition<Cart, CartDraftDto> {
  const table = cartActions(deps);
  return {
    typeId: 'cart',
    table: cartsTable,
    draft: CartDraftDto,
    actions: table,
    build: (draft, context) => buildCart(deps, table, draft, context),
  };
}
