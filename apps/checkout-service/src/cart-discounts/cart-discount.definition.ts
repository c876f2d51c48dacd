import {
  CART_DISCOUNT_ACTIONS as A,
  CART_DISCOUNT_STORE_LIMIT,
  CartDiscountDraftDto,
  CartDiscountResource,
  DISCOUNT_GROUP_SIZE_LIMIT,
  type CartDiscount,
  type DiscountGroup,
  type KeyReference,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import type { Queryable } from '@commerce/persistence';
import { recurrencePoliciesTable } from '../recurring-orders/recurrence-policies.table.js';
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
import { discountGroupsTable } from './discount-groups.table.js';
import { discountsInGroup, requireFreeSortOrder } from './discount-sort-order.js';

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

/**
 * In a Store (`ctx.storeKey`) a Cart Discount is that Store's alone: a create without Stores gets it, and no
 * draft or action may name another (a Store's client must not change what other Stores' carts get) or leave it
 * out (the discount would vanish from the Store that wrote it).
 */
function requireOwnStore(ctx: RequestContext, stores: KeyReference<'store'>[]): void {
  if (ctx.storeKey !== undefined && (stores.length !== 1 || stores[0].key !== ctx.storeKey))
    throw Errors.invalidInput(`The cart discount's stores must be ['${ctx.storeKey}'] on this endpoint.`);
}

/** The target kinds a Cart Discount in a Discount Group may have (SDK CartDiscountDraft.discountGroup). */
const GROUPED_TARGETS: readonly string[] = [
  'lineItems',
  'customLineItems',
  'multiBuyLineItems',
  'multiBuyCustomLineItems',
  'pattern',
];

function checkGroupedTarget(target: CartDiscount['target'] | undefined): void {
  if (!target || !GROUPED_TARGETS.includes(target.type))
    throw Errors.invalidInput(
      `A cart discount can only be in a discount group with a target of type ${GROUPED_TARGETS.join(', ')}.`,
    );
}

/** The Discount Group a Cart Discount names, read from this service's table; missing: ReferencedResourceNotFound. */
async function discountGroupOf(
  db: Queryable,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
  discountId?: string,
): Promise<DiscountGroup> {
  const group = identifier.id
    ? await discountGroupsTable.findById(db, ctx.projectKey, identifier.id)
    : identifier.key
      ? await discountGroupsTable.findByKey(db, ctx.projectKey, identifier.key)
      : undefined;
  if (!group)
    throw Errors.referencedResourceNotFound(
      'discount-group',
      identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
    );
  const size = await discountsInGroup(db, ctx.projectKey, group.id);
  if (size - (discountId ? 1 : 0) >= DISCOUNT_GROUP_SIZE_LIMIT)
    throw Errors.invalidOperation(
      `A discount group holds at most ${DISCOUNT_GROUP_SIZE_LIMIT} cart discounts.`,
    );
  return group;
}

/** Recurrence policies by id or key, read from this service's table: their ids, or ReferencedResourceNotFound. */
const policiesIn =
  (db: Queryable, ctx: RequestContext) =>
  async (identifiers: ({ id: string } | { key: string })[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const identifier of identifiers) {
      const policy =
        'id' in identifier
          ? await recurrencePoliciesTable.findById(db, ctx.projectKey, identifier.id)
          : await recurrencePoliciesTable.findByKey(db, ctx.projectKey, identifier.key);
      if (!policy) throw Errors.referencedResourceNotFound('recurrence-policy', identifier);
      ids.push(policy.id);
    }
    return ids;
  };

const groupReference = (group: DiscountGroup): Reference<'discount-group'> => ({
  typeId: 'discount-group',
  id: group.id,
});

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
      if (ctx.storeKey !== undefined)
        throw Errors.invalidOperation(`Only the Store '${ctx.storeKey}' can be a store on its own endpoint.`);
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
      if (key === ctx.storeKey)
        throw Errors.invalidOperation(`The Store '${key}' can not be removed on its own endpoint.`);
      return {
        resource: { ...discount, stores: discount.stores.filter((s) => s !== removed) },
        messages: [{ type: 'CartDiscountStoreRemoved', store: removed }],
      };
    }),
    setStores: action(A.setStores, async (discount: CartDiscount, { stores: identifiers }, { ctx }) => {
      const stores = await storeKeys(resolver, ctx, identifiers);
      requireOwnStore(ctx, stores);
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
    changeSortOrder: action(A.changeSortOrder, async (discount: CartDiscount, { sortOrder }, { ctx, db }) => {
      if (discount.discountGroup)
        throw Errors.invalidOperation(
          'A cart discount in a discount group uses the sort order of its group (setDiscountGroup leaves it).',
        );
      if (sortOrder === discount.sortOrder) return { resource: discount };
      await requireFreeSortOrder(db, ctx.projectKey, sortOrder, { typeId: 'cart-discount', id: discount.id });
      return { resource: { ...discount, sortOrder } };
    }),
    changeStackingMode: action(A.changeStackingMode, (discount: CartDiscount, { stackingMode }) => ({
      resource: { ...discount, stackingMode },
    })),
    changeTarget: action(A.changeTarget, (discount: CartDiscount, { target: raw }) => {
      const target = cartDiscountTargetOf(raw);
      checkValueAndTarget(discount.value, target);
      if (discount.discountGroup) checkGroupedTarget(target);
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
    setDiscountGroup: action(
      A.setDiscountGroup,
      async (discount: CartDiscount, { discountGroup, sortOrder }, { ctx, db }) => {
        if (discountGroup) {
          checkGroupedTarget(discount.target);
          const group = await discountGroupOf(db, ctx, discountGroup, discount.discountGroup?.id);
          return {
            resource: { ...discount, discountGroup: groupReference(group), sortOrder: group.sortOrder },
          };
        }
        if (!sortOrder) throw Errors.requiredField('sortOrder');
        await requireFreeSortOrder(db, ctx.projectKey, sortOrder, {
          typeId: 'cart-discount',
          id: discount.id,
        });
        return { resource: { ...withOptional(discount, 'discountGroup', undefined), sortOrder } };
      },
    ),
    setKey: action(A.setKey, (discount: CartDiscount, { key }) => ({
      resource: withOptional(discount, 'key', key),
    })),
    setRecurringOrderScope: action(
      A.setRecurringOrderScope,
      async (discount: CartDiscount, { recurringOrderScope }, { ctx, db }) => ({
        resource: {
          ...discount,
          recurringOrderScope: await recurringOrderScopeOf(recurringOrderScope, policiesIn(db, ctx)),
        },
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
    async build(draft, { ctx, db }) {
      const value = await cartDiscountValueOf(draft.value, resolver, ctx);
      const target = draft.target ? cartDiscountTargetOf(draft.target) : undefined;
      checkValueAndTarget(value, target);
      // In a group the discount takes the group's sortOrder (SDK); otherwise its own, unique.
      let group: DiscountGroup | undefined;
      if (draft.discountGroup) {
        checkGroupedTarget(target);
        group = await discountGroupOf(db, ctx, draft.discountGroup);
      } else if (!draft.sortOrder) throw Errors.requiredField('sortOrder');
      else await requireFreeSortOrder(db, ctx.projectKey, draft.sortOrder);
      checkValidity(draft.validFrom, draft.validUntil);
      const inStore = ctx.storeKey !== undefined && !draft.stores?.length;
      const stores = await storeKeys(
        resolver,
        ctx,
        inStore ? [{ typeId: 'store', key: ctx.storeKey }] : (draft.stores ?? []),
      ).catch((error: unknown) => {
        // The Store of the in-store route itself does not exist: neither does anything in it.
        if (inStore && error instanceof ApiError) throw Errors.resourceNotFound({ key: ctx.storeKey! });
        throw error;
      });
      requireOwnStore(ctx, stores);
      const custom = await resolveCustomFields(resolver, ctx, 'cart-discount', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.description ? { description: draft.description } : {}),
        value,
        cartPredicate: checkedPredicate(draft.cartPredicate, 'cart', 'cartPredicate'),
        ...(target ? { target } : {}),
        sortOrder: group ? group.sortOrder : draft.sortOrder!,
        ...(group ? { discountGroup: groupReference(group) } : {}),
        stores,
        isActive: draft.isActive ?? true,
        ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
        ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
        requiresDiscountCode: draft.requiresDiscountCode ?? false,
        references: [],
        stackingMode: draft.stackingMode ?? 'Stacking',
        ...(custom ? { custom } : {}),
        recurringOrderScope: await recurringOrderScopeOf(draft.recurringOrderScope, policiesIn(db, ctx)),
      };
    },
    createdMessage: (cartDiscount) => ({ type: 'CartDiscountCreated', cartDiscount }),
    deletedMessage: () => ({ type: 'CartDiscountDeleted' }),
  };
}
