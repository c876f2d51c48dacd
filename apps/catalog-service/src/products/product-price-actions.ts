import {
  AddPriceAction,
  ChangePriceAction,
  RemovePriceAction,
  SetPriceKeyAction,
  SetPricesAction,
  type Price,
  type PriceDraftDto,
  type Product,
  type RequestContext,
  type Type,
} from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { action, checkCustomFields, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { channelsTable } from '../channels/channels.table.js';
import { customerGroupsTable } from '../customer-groups/customer-groups.table.js';
import { withOptional } from '../shared/fields.js';
import { externalDiscountedOf } from '../product-discounts/discounted-price.js';
import { typesTable } from '../types/types.table.js';
import { changeData, variantIn } from './product-data.js';
import { requirePrice, typedMoneyOf, withPrices } from './product-prices.js';
import { referencedDocument } from './product-references.js';

const idOf = async (...args: Parameters<typeof referencedDocument>) => (await referencedDocument(...args)).id;

/**
 * A Price from a PriceDraft: money typed, references checked and stored by id, custom fields checked
 * against their Type; a `discounted` must name an external product discount (`externalDiscountedOf`); a
 * recurrence policy must exist (checkout-service's, through the resolver).
 */
export async function priceOf(
  draft: PriceDraftDto,
  ctx: RequestContext,
  db: Queryable,
  resolver: ReferenceResolver,
  id: string = randomUUID(),
): Promise<Price> {
  const price: Price = { id, value: typedMoneyOf(draft.value) };
  if (draft.key !== undefined) price.key = draft.key;
  if (draft.country !== undefined) price.country = draft.country;
  if (draft.customerGroup) {
    const groupId = await idOf(customerGroupsTable, 'customer-group', db, ctx, draft.customerGroup);
    price.customerGroup = { typeId: 'customer-group', id: groupId };
  }
  if (draft.channel) {
    price.channel = { typeId: 'channel', id: await idOf(channelsTable, 'channel', db, ctx, draft.channel) };
  }
  if (draft.validFrom !== undefined) price.validFrom = draft.validFrom;
  if (draft.validUntil !== undefined) price.validUntil = draft.validUntil;
  if (draft.discounted) price.discounted = await externalDiscountedOf(draft.discounted, price.value, ctx, db);
  if (draft.tiers?.length) {
    price.tiers = draft.tiers.map((tier) => ({
      minimumQuantity: tier.minimumQuantity,
      value: typedMoneyOf(tier.value),
    }));
  }
  if (draft.custom) {
    const typeId = await idOf(typesTable, 'type', db, ctx, draft.custom.type);
    const type = (await typesTable.findById(db, ctx.projectKey, typeId)) as Type;
    const fields = draft.custom.fields ?? {};
    checkCustomFields(type, 'product-price', fields);
    price.custom = { type: { typeId: 'type', id: type.id }, fields };
  }
  if (draft.recurrencePolicy)
    price.recurrencePolicy = await recurrencePolicyOf(resolver, ctx, draft.recurrencePolicy);
  return price;
}

/** A price's recurrence policy by id, or `ReferencedResourceNotFound`. */
export async function recurrencePolicyOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: { id?: string; key?: string },
): Promise<NonNullable<Price['recurrencePolicy']>> {
  const [policy] = await resolver.require(ctx, 'recurrence-policy', [identifier]);
  return { typeId: 'recurrence-policy', id: policy.id };
}

/** addPrice, setPrices, changePrice, removePrice and setPriceKey; `staged` as for every product data action. */
export const productPriceActions = (resolver: ReferenceResolver): ActionTable<Product> => ({
  addPrice: action(
    AddPriceAction,
    async (product: Product, { variantId, sku, price, staged }, { ctx, db }) => {
      const variant = variantIn(product.masterData.staged, { variantId, sku });
      const added = await priceOf(price, ctx, db, resolver);
      return {
        resource: changeData(product, staged, (data) =>
          withPrices(data, variant.id, (prices) => [...prices, added]),
        ),
        messages: [
          { type: 'ProductPriceAdded', variantId: variant.id, price: added, staged: staged ?? true },
        ],
      };
    },
  ),
  setPrices: action(
    SetPricesAction,
    async (product: Product, { variantId, sku, prices, staged }, { ctx, db }) => {
      const variant = variantIn(product.masterData.staged, { variantId, sku });
      const next = await Promise.all(prices.map((draft) => priceOf(draft, ctx, db, resolver)));
      return {
        resource: changeData(product, staged, (data) => withPrices(data, variant.id, () => next)),
        messages: [{ type: 'ProductPricesSet', variantId: variant.id, prices: next, staged: staged ?? true }],
      };
    },
  ),
  changePrice: action(
    ChangePriceAction,
    async (product: Product, { priceId, price, staged }, { ctx, db }) => {
      const { variant, price: oldPrice } = requirePrice(product, priceId);
      const newPrice = await priceOf(price, ctx, db, resolver, priceId);
      return {
        resource: changeData(product, staged, (data) =>
          // Where the price is missing (current data, with staged false) it is added: both end up equal.
          withPrices(data, variant.id, (prices) =>
            prices.some((p) => p.id === priceId)
              ? prices.map((p) => (p.id === priceId ? newPrice : p))
              : [...prices, newPrice],
          ),
        ),
        messages: [
          { type: 'ProductPriceChanged', variantId: variant.id, oldPrice, newPrice, staged: staged ?? true },
        ],
      };
    },
  ),
  removePrice: action(RemovePriceAction, (product: Product, { priceId, staged }) => {
    const { variant, price } = requirePrice(product, priceId);
    return {
      resource: changeData(product, staged, (data) =>
        withPrices(data, variant.id, (prices) => prices.filter((p) => p.id !== priceId)),
      ),
      messages: [{ type: 'ProductPriceRemoved', variantId: variant.id, price, staged: staged ?? true }],
    };
  }),
  setPriceKey: action(SetPriceKeyAction, (product: Product, { priceId, key, staged }) => {
    const { variant, price } = requirePrice(product, priceId);
    return {
      resource: changeData(product, staged, (data) =>
        withPrices(data, variant.id, (prices) =>
          prices.map((p) => (p.id === priceId ? withOptional(p, 'key', key) : p)),
        ),
      ),
      messages: [
        {
          type: 'ProductPriceKeySet',
          variantId: variant.id,
          priceId,
          key,
          oldKey: price.key,
          staged: staged ?? true,
        },
      ],
    };
  }),
});
