import {
  CART_DISCOUNT_ACTIONS as A,
  CART_DISCOUNT_STORE_LIMIT,
  CartDiscountDraftDto,
  CartDiscountResource,
  type CartDiscount,
  type KeyReference,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import {
  cartDiscountTargetOf,
  cartDiscountValueOf,
  checkedPredicate,
  checkValidity,
  checkValueAndTarget,
  recurringOrderScopeOf,
} from './cart-discount-values.js';
import { cartDiscountsTable } from './cart-discounts.table.js';

export const CART_DISCOUNT_ENGINE = Symbol('CART_DISCOUNT_ENGINE');

/** The Stores as KeyReferences, each once, at most 500 (checkout facts 4.13). */
async function storeKeys(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<KeyReference<'store'>[]> {
  const stores = await resolver.require<{ id: string; key: string }>(ctx, 'store', identifiers);
  const keys = [...new Set(stores.map((store) => store.key))];
  if (keys.length > CART_DISCOUNT_STORE_LIMIT)
    throw Errors.invalidOperation(`A cart discount applies to at most ${CART_DISCOUNT_STORE_LIMIT} Stores.`);
  return keys.map((key) => ({ typeId: 'store', key }));
}

/** Discount groups are not a resource of this platform yet: none can be referenced. */
function noDiscountGroup(identifier: ResourceIdentifier): never {
  throw Errors.referencedResourceNotFound(
    'discount-group',
    identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
  );
}

function cartDiscountActions(
  resolver: ReferenceResolver,
): DeclaredActionTable<CartDiscount, typeof CartDiscountResource.actions> {
  const storesChanged = (discount: CartDiscount, stores: KeyReference<'store'>[]) => {
    const had = new Set(discount.stores.map((store) => store.key));
    const has = new Set(stores.map((store) => store.key));
    return {
      added: stores.filter((store) => !had.has(store.key)),
      removed: discount.stores.filter((store) => !has.has(store.key)),
    };
  };
  return {
    addStore: action(A.addStore, async (discount: CartDiscount, { store }, { ctx }) => {
      const [added] = await storeKeys(resolver, ctx, [store]);
      if (discount.stores.some((s) => s.key === added.key)) return { resource: discount };
      const stores = [...discount.stores, added];
      if (stores.length > CART_DISCOUNT_STORE_LIMIT)
        throw Errors.invalidOperation(
          `A cart discount applies to at most ${CART_DISCOUNT_STORE_LIMIT} Stores.`,
        );
      return {
        resource: { ...discount, stores },
        messages: [{ type: 'CartDiscountStoreAdded', store: added }],
      };
    }),
    removeStore: action(A.removeStore, async (discount: CartDiscount, { store }, { ctx }) => {
      const key = store.key ?? (await storeKeys(resolver, ctx, [store]))[0].key;
      const removed = discount.stores.find((s) => s.key === key);
      if (!removed) return { resource: discount };
      return {
        resource: { ...discount, stores: discount.stores.filter((s) => s !== removed) },
        messages: [{ type: 'CartDiscountStoreRemoved', store: removed }],
      };
    }),
    setStores: action(A.setStores, async (discount: CartDiscount, { stores: identifiers }, { ctx }) => {
      const stores = await storeKeys(resolver, ctx, identifiers);
      const { added, removed } = storesChanged(discount, stores);
      if (added.length === 0 && removed.length === 0) return { resource: discount };
      return {
        resource: { ...discount, stores },
        messages: [
          {
            type: 'CartDiscountStoresSet',
            stores,
            ...(added.length ? { addedStores: added } : {}),
            ...(removed.length ? { removedStores: removed } : {}),
          },
        ],
      };
    }),
    changeCartPredicate: action(A.changeCartPredicate, (discount: CartDiscount, { cartPredicate }) => ({
      resource: { ...discount, cartPredicate: checkedPredicate(cartPredicate, 'cart', 'cartPredicate') },
    })),
    changeIsActive: action(A.changeIsActive, (discount: CartDiscount, { isActive }) => ({
      resource: { ...discount, isActive },
    })),
    changeName: action(A.changeName, (discount: CartDiscount, { name }) => ({
      resource: { ...discount, name },
    })),
    changeRequiresDiscountCode: action(
      A.changeRequiresDiscountCode,
      (discount: CartDiscount, { requiresDiscountCode }) => ({
        resource: { ...discount, requiresDiscountCode },
      }),
    ),
    changeSortOrder: action(A.changeSortOrder, (discount: CartDiscount, { sortOrder }) => ({
      resource: { ...discount, sortOrder },
    })),
    changeStackingMode: action(A.changeStackingMode, (discount: CartDiscount, { stackingMode }) => ({
      resource: { ...discount, stackingMode },
    })),
    changeTarget: action(A.changeTarget, (discount: CartDiscount, { target: raw }) => {
      const target = cartDiscountTargetOf(raw);
      checkValueAndTarget(discount.value, target);
      return { resource: { ...discount, target } };
    }),
    changeValue: action(A.changeValue, async (discount: CartDiscount, { value: raw }, { ctx }) => {
      if (discount.value.type === 'giftLineItem' || raw.type === 'giftLineItem')
        throw Errors.invalidOperation(
          'The value of a giftLineItem cart discount cannot be changed, nor changed to one.',
        );
      const value = await cartDiscountValueOf(raw, resolver, ctx);
      checkValueAndTarget(value, discount.target);
      return { resource: { ...discount, value } };
    }),
    setDescription: action(A.setDescription, (discount: CartDiscount, { description }) => ({
      resource: withOptional(discount, 'description', description),
    })),
    setDiscountGroup: action(A.setDiscountGroup, (discount: CartDiscount, { discountGroup, sortOrder }) => {
      if (discountGroup) noDiscountGroup(discountGroup);
      const next = withOptional(discount, 'discountGroup', undefined);
      if (discount.discountGroup && !sortOrder) throw Errors.requiredField('sortOrder');
      return { resource: sortOrder ? { ...next, sortOrder } : next };
    }),
    setKey: action(A.setKey, (discount: CartDiscount, { key }) => ({
      resource: withOptional(discount, 'key', key),
    })),
    setRecurringOrderScope: action(
      A.setRecurringOrderScope,
      (discount: CartDiscount, { recurringOrderScope }) => ({
        resource: { ...discount, recurringOrderScope: recurringOrderScopeOf(recurringOrderScope) },
      }),
    ),
    setValidFrom: action(A.setValidFrom, (discount: CartDiscount, { validFrom }) => {
      checkValidity(validFrom, discount.validUntil);
      return { resource: withOptional(discount, 'validFrom', validFrom) };
    }),
    setValidUntil: action(A.setValidUntil, (discount: CartDiscount, { validUntil }) => {
      checkValidity(discount.validFrom, validUntil);
      return { resource: withOptional(discount, 'validUntil', validUntil) };
    }),
    setValidFromAndUntil: action(
      A.setValidFromAndUntil,
      (discount: CartDiscount, { validFrom, validUntil }) => {
        checkValidity(validFrom, validUntil);
        return {
          resource: withOptional(withOptional(discount, 'validFrom', validFrom), 'validUntil', validUntil),
        };
      },
    ),
  };
}

/**
 * Cart Discounts (checkout facts 7, 4.13): the value, target and predicates checked when written (a predicate
 * that cannot be evaluated is InvalidInput with its position), `sortOrder` unique per project (the index
 * `cart_discounts_sortOrder_uq` answers DuplicateField), Stores as key references.
 */
export function defineCartDiscount(
  resolver: ReferenceResolver,
): ResourceDefinition<CartDiscount, CartDiscountDraftDto> {
  return {
    typeId: CartDiscountResource.typeId,
    table: cartDiscountsTable,
    draft: CartDiscountDraftDto,
    actions: {
      ...cartDiscountActions(resolver),
      ...customFieldActions<CartDiscount>('cart-discount', resolver),
    },
    async build(draft, { ctx }) {
      if (draft.discountGroup) noDiscountGroup(draft.discountGroup);
      if (!draft.sortOrder) throw Errors.requiredField('sortOrder');
      const value = await cartDiscountValueOf(draft.value, resolver, ctx);
      const target = draft.target ? cartDiscountTargetOf(draft.target) : undefined;
      checkValueAndTarget(value, target);
      checkValidity(draft.validFrom, draft.validUntil);
      const stores = await storeKeys(resolver, ctx, draft.stores ?? []);
      const custom = await resolveCustomFields(resolver, ctx, 'cart-discount', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.description ? { description: draft.description } : {}),
        value,
        cartPredicate: checkedPredicate(draft.cartPredicate, 'cart', 'cartPredicate'),
        ...(target ? { target } : {}),
        sortOrder: draft.sortOrder,
        stores,
        isActive: draft.isActive ?? true,
        ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
        ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
        requiresDiscountCode: draft.requiresDiscountCode ?? false,
        references: [],
        stackingMode: draft.stackingMode ?? 'Stacking',
        ...(custom ? { custom } : {}),
        recurringOrderScope: recurringOrderScopeOf(draft.recurringOrderScope),
      };
    },
    createdMessage: (cartDiscount) => ({ type: 'CartDiscountCreated', cartDiscount }),
    deletedMessage: () => ({ type: 'CartDiscountDeleted' }),
  };
}
