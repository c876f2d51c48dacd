import {
  DISCOUNT_CODE_ACTIONS as A,
  DISCOUNT_CODE_LIMITS,
  DiscountCodeDraftDto,
  DiscountCodeResource,
  type CartDiscount,
  type DiscountCode,
  type KeyReference,
  type Reference,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { checkedPredicate, checkValidity } from './cart-discount-values.js';
import { cartDiscountsTable, discountCodesTable } from './cart-discounts.table.js';

export const DISCOUNT_CODE_ENGINE = Symbol('DISCOUNT_CODE_ENGINE');

/** The code's Cart Discounts (this service's), at most 10, with the Stores they apply to (the code's `stores`). */
async function cartDiscountsOf(
  db: Queryable,
  projectKey: string,
  identifiers: ResourceIdentifier[],
): Promise<{ cartDiscounts: Reference<'cart-discount'>[]; stores: KeyReference<'store'>[] }> {
  if (identifiers.length > DISCOUNT_CODE_LIMITS.cartDiscounts)
    throw Errors.invalidOperation(
      `A discount code has at most ${DISCOUNT_CODE_LIMITS.cartDiscounts} cart discounts.`,
    );
  const found = await cartDiscountsTable.findMany(db, projectKey, {
    ids: identifiers.flatMap((identifier) => (identifier.id ? [identifier.id] : [])),
    keys: identifiers.flatMap((identifier) => (!identifier.id && identifier.key ? [identifier.key] : [])),
  });
  const discounts = identifiers.map((identifier) => {
    const discount = found.find((d: CartDiscount) =>
      identifier.id ? d.id === identifier.id : d.key === identifier.key,
    );
    if (!discount)
      throw Errors.referencedResourceNotFound(
        'cart-discount',
        identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
      );
    return discount;
  });
  const unique = discounts.filter((d, index) => discounts.findIndex((o) => o.id === d.id) === index);
  const storeKeys = [...new Set(unique.flatMap((d) => d.stores.map((store) => store.key)))];
  return {
    cartDiscounts: unique.map((d) => ({ typeId: 'cart-discount', id: d.id })),
    stores: storeKeys.map((key) => ({ typeId: 'store', key })),
  };
}

function discountCodeActions(): DeclaredActionTable<DiscountCode, typeof DiscountCodeResource.actions> {
  return {
    changeCartDiscounts: action(
      A.changeCartDiscounts,
      async (code: DiscountCode, { cartDiscounts }, { ctx, db }) => ({
        resource: { ...code, ...(await cartDiscountsOf(db, ctx.projectKey, cartDiscounts)) },
      }),
    ),
    changeGroups: action(A.changeGroups, (code: DiscountCode, { groups }) => ({
      resource: { ...code, groups: [...new Set(groups)] },
    })),
    changeIsActive: action(A.changeIsActive, (code: DiscountCode, { isActive }) => ({
      resource: { ...code, isActive },
    })),
    setCartPredicate: action(A.setCartPredicate, (code: DiscountCode, { cartPredicate }) => ({
      resource: withOptional(
        code,
        'cartPredicate',
        cartPredicate ? checkedPredicate(cartPredicate, 'cart', 'cartPredicate') : undefined,
      ),
    })),
    setDescription: action(A.setDescription, (code: DiscountCode, { description }) => ({
      resource: withOptional(code, 'description', description),
    })),
    setKey: action(A.setKey, (code: DiscountCode, { key }) => {
      if (code.key === key) return { resource: code };
      return {
        resource: withOptional(code, 'key', key),
        messages: [
          { type: 'DiscountCodeKeySet', ...(key ? { key } : {}), ...(code.key ? { oldKey: code.key } : {}) },
        ],
      };
    }),
    setMaxApplications: action(A.setMaxApplications, (code: DiscountCode, { maxApplications }) => ({
      resource: withOptional(code, 'maxApplications', maxApplications),
    })),
    setMaxApplicationsPerCustomer: action(
      A.setMaxApplicationsPerCustomer,
      (code: DiscountCode, { maxApplicationsPerCustomer }) => ({
        resource: withOptional(code, 'maxApplicationsPerCustomer', maxApplicationsPerCustomer),
      }),
    ),
    setName: action(A.setName, (code: DiscountCode, { name }) => ({
      resource: withOptional(code, 'name', name),
    })),
    setValidFrom: action(A.setValidFrom, (code: DiscountCode, { validFrom }) => {
      checkValidity(validFrom, code.validUntil);
      return { resource: withOptional(code, 'validFrom', validFrom) };
    }),
    setValidUntil: action(A.setValidUntil, (code: DiscountCode, { validUntil }) => {
      checkValidity(code.validFrom, validUntil);
      return { resource: withOptional(code, 'validUntil', validUntil) };
    }),
    setValidFromAndUntil: action(A.setValidFromAndUntil, (code: DiscountCode, { validFrom, validUntil }) => {
      checkValidity(validFrom, validUntil);
      return { resource: withOptional(withOptional(code, 'validFrom', validFrom), 'validUntil', validUntil) };
    }),
  };
}

/**
 * Discount Codes (checkout facts 7, 4.14): `code` unique and immutable (`discount_codes_code_uq`), its Cart
 * Discounts this service's own, its `stores` those of its Cart Discounts, its predicate checked when written.
 */
export function defineDiscountCode(
  resolver: ReferenceResolver,
): ResourceDefinition<DiscountCode, DiscountCodeDraftDto> {
  return {
    typeId: DiscountCodeResource.typeId,
    table: discountCodesTable,
    draft: DiscountCodeDraftDto,
    actions: {
      ...discountCodeActions(),
      ...customFieldActions<DiscountCode>('discount-code', resolver),
    },
    async build(draft, { ctx, db }) {
      checkValidity(draft.validFrom, draft.validUntil);
      const { cartDiscounts, stores } = await cartDiscountsOf(db, ctx.projectKey, draft.cartDiscounts);
      const custom = await resolveCustomFields(resolver, ctx, 'discount-code', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        ...(draft.name ? { name: draft.name } : {}),
        ...(draft.description ? { description: draft.description } : {}),
        code: draft.code,
        cartDiscounts,
        stores,
        ...(draft.cartPredicate
          ? { cartPredicate: checkedPredicate(draft.cartPredicate, 'cart', 'cartPredicate') }
          : {}),
        isActive: draft.isActive ?? true,
        references: [],
        ...(draft.maxApplications !== undefined ? { maxApplications: draft.maxApplications } : {}),
        ...(draft.maxApplicationsPerCustomer !== undefined
          ? { maxApplicationsPerCustomer: draft.maxApplicationsPerCustomer }
          : {}),
        ...(custom ? { custom } : {}),
        groups: [...new Set(draft.groups ?? [])],
        ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
        ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
      };
    },
    createdMessage: (discountCode) => ({ type: 'DiscountCodeCreated', discountCode }),
    deletedMessage: () => ({ type: 'DiscountCodeDeleted' }),
  };
}
