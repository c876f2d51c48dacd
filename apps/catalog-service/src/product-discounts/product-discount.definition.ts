import {
  ChangeProductDiscountIsActiveAction,
  ChangeProductDiscountNameAction,
  ChangeProductDiscountPredicateAction,
  ChangeProductDiscountSortOrderAction,
  ChangeProductDiscountValueAction,
  ProductDiscountDraftDto,
  ProductDiscountResource,
  SetProductDiscountDescriptionAction,
  SetProductDiscountKeyAction,
  SetProductDiscountValidFromAction,
  SetProductDiscountValidFromAndUntilAction,
  SetProductDiscountValidUntilAction,
  type ProductDiscount,
  type ProductDiscountValue,
  type ProductDiscountValueDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { compileProductPredicate, productPredicateReferences } from '@commerce/query';
import { action, type DeclaredActionTable, type ResourceDefinition } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { typedMoneyOf } from '../products/product-prices.js';
import type { ProductDiscounts } from './product-discounts.service.js';
import type { StandalonePriceDiscounts } from './standalone-price-discounts.js';
import { productDiscountsTable } from './product-discounts.table.js';

export const PRODUCT_DISCOUNT_ENGINE = Symbol('PRODUCT_DISCOUNT_ENGINE');

/** A discount value from its draft: absolute amounts in cents, one per currency. */
export function discountValueOf(draft: ProductDiscountValueDraftDto): ProductDiscountValue {
  switch (draft.type) {
    case 'relative':
      return { type: 'relative', permyriad: draft.permyriad ?? 0 };
    case 'external':
      return { type: 'external' };
    case 'absolute': {
      const money = (draft.money ?? []).map((m) => typedMoneyOf({ ...m, type: 'centPrecision' }));
      const currencies = new Set<string>();
      for (const m of money) {
        if (currencies.has(m.currencyCode)) {
          throw Errors.invalidInput(`The absolute discount names currency ${m.currencyCode} more than once.`);
        }
        currencies.add(m.currencyCode);
      }
      return { type: 'absolute', money: money.map((m) => ({ ...m, type: 'centPrecision' as const })) };
    }
  }
}

/** The predicate checked (refused with its position when the platform cannot evaluate it) and what it names. */
function checkedPredicate(predicate: string): Pick<ProductDiscount, 'predicate' | 'references'> {
  compileProductPredicate(predicate, 'predicate');
  return { predicate, references: productPredicateReferences(predicate) };
}

function checkValidity(validFrom: string | undefined, validUntil: string | undefined): void {
  if (validFrom !== undefined && validUntil !== undefined && new Date(validFrom) >= new Date(validUntil)) {
    throw Errors.invalidInput('validFrom must be before validUntil.');
  }
}

/**
 * Product discounts (checkout facts 7). Every write drops this process's cache of the project's discounts
 * (`ProductDiscounts`), so the prices it answers next apply the change; other replicas within the cache's
 * lifetime (docs/DISCOUNTS.md).
 */
export function defineProductDiscount(
  discounts: ProductDiscounts,
  standalone: Pick<StandalonePriceDiscounts, 'sync'>,
): ResourceDefinition<ProductDiscount, ProductDiscountDraftDto> {
  const validity = (discount: ProductDiscount, validFrom?: string, validUntil?: string) => {
    checkValidity(validFrom, validUntil);
    return withOptional(withOptional(discount, 'validFrom', validFrom), 'validUntil', validUntil);
  };
  return {
    typeId: ProductDiscountResource.typeId,
    table: productDiscountsTable,
    draft: ProductDiscountDraftDto,
    actions: {
      changeIsActive: action(
        ChangeProductDiscountIsActiveAction,
        (discount: ProductDiscount, { isActive }) => ({
          resource: { ...discount, isActive },
        }),
      ),
      changeName: action(ChangeProductDiscountNameAction, (discount: ProductDiscount, { name }) => ({
        resource: { ...discount, name },
      })),
      changePredicate: action(
        ChangeProductDiscountPredicateAction,
        (discount: ProductDiscount, { predicate }) => ({
          resource: { ...discount, ...checkedPredicate(predicate) },
        }),
      ),
      changeSortOrder: action(
        ChangeProductDiscountSortOrderAction,
        (discount: ProductDiscount, { sortOrder }) => ({
          resource: { ...discount, sortOrder },
        }),
      ),
      changeValue: action(ChangeProductDiscountValueAction, (discount: ProductDiscount, { value }) => ({
        resource: { ...discount, value: discountValueOf(value) },
      })),
      setDescription: action(
        SetProductDiscountDescriptionAction,
        (discount: ProductDiscount, { description }) => ({
          resource: withOptional(discount, 'description', description),
        }),
      ),
      setKey: action(SetProductDiscountKeyAction, (discount: ProductDiscount, { key }) => ({
        resource: withOptional(discount, 'key', key),
      })),
      setValidFrom: action(SetProductDiscountValidFromAction, (discount: ProductDiscount, { validFrom }) => ({
        resource: validity(discount, validFrom, discount.validUntil),
      })),
      setValidUntil: action(
        SetProductDiscountValidUntilAction,
        (discount: ProductDiscount, { validUntil }) => ({
          resource: validity(discount, discount.validFrom, validUntil),
        }),
      ),
      setValidFromAndUntil: action(
        SetProductDiscountValidFromAndUntilAction,
        (discount: ProductDiscount, { validFrom, validUntil }) => ({
          resource: validity(discount, validFrom, validUntil),
        }),
      ),
    } satisfies DeclaredActionTable<ProductDiscount, typeof ProductDiscountResource.actions>,
    build(draft) {
      checkValidity(draft.validFrom, draft.validUntil);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.description ? { description: draft.description } : {}),
        value: discountValueOf(draft.value),
        ...checkedPredicate(draft.predicate),
        sortOrder: draft.sortOrder,
        isActive: draft.isActive,
        ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
        ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
      };
    },
    async afterCommit(_discount, { ctx }) {
      discounts.forget(ctx.projectKey);
      await standalone.sync(ctx);
    },
  };
}
