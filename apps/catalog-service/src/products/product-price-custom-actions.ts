import {
  CustomFieldsDraftDto,
  SetDiscountedPriceAction,
  SetProductPriceCustomFieldAction,
  SetProductPriceCustomTypeAction,
  type Price,
  type Product,
  type ProductVariant,
  type Type,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  checkCustomField,
  resolveCustomFields,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { changeData } from './product-data.js';
import { externalDiscountedOf } from '../product-discounts/discounted-price.js';
import { requirePrice, withPrices } from './product-prices.js';

/** The product with the price `priceId` changed in the staged data, or in both with `staged: false`. */
function withPrice(
  product: Product,
  variant: ProductVariant,
  priceId: string,
  staged: boolean | undefined,
  change: (price: Price) => Price,
): Product {
  return changeData(product, staged, (data) =>
    withPrices(data, variant.id, (prices) => prices.map((p) => (p.id === priceId ? change(p) : p))),
  );
}

const variantFields = (variant: ProductVariant) => ({
  variantId: variant.id,
  ...(variant.key !== undefined ? { variantKey: variant.key } : {}),
  ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
});

/** setDiscountedPrice and the custom fields of an Embedded Price. */
export function productPriceCustomActions(resolver: ReferenceResolver) {
  return {
    /**
     * A discount must be an external ProductDiscount of the project (`externalDiscountedOf`); an absent one
     * removes it.
     */
    setDiscountedPrice: action(
      SetDiscountedPriceAction,
      async (product: Product, { priceId, discounted, staged }, { ctx, db }) => {
        const { variant, price: current } = requirePrice(product, priceId);
        const value = discounted ? await externalDiscountedOf(discounted, current.value, ctx, db) : undefined;
        return {
          resource: withPrice(product, variant, priceId, staged, ({ discounted: _removed, ...price }) =>
            value ? { ...price, discounted: value } : price,
          ),
          messages: [
            {
              type: 'ProductPriceExternalDiscountSet',
              ...variantFields(variant),
              priceId,
              ...(value ? { discounted: value } : {}),
              staged: staged ?? true,
            },
          ],
        };
      },
    ),

    setProductPriceCustomType: action(
      SetProductPriceCustomTypeAction,
      async (product: Product, { priceId, type, fields, staged }, { ctx }) => {
        const { variant, price } = requirePrice(product, priceId);
        const custom = type
          ? await resolveCustomFields(
              resolver,
              ctx,
              'product-price',
              Object.assign(new CustomFieldsDraftDto(), { type, fields: fields ?? {} }),
            )
          : undefined;
        const common = { priceId, variantId: variant.id, staged: staged ?? true };
        return {
          resource: withPrice(product, variant, priceId, staged, ({ custom: _old, ...rest }) =>
            custom ? { ...rest, custom } : rest,
          ),
          messages: custom
            ? [
                {
                  type: 'ProductPriceCustomFieldsSet',
                  ...common,
                  customField: custom,
                  ...(price.custom ? { oldTypeId: price.custom.type.id } : {}),
                },
              ]
            : [{ type: 'ProductPriceCustomFieldsRemoved', ...common }],
        };
      },
    ),

    /** An absent or null value removes the field; removing one that does not exist is `InvalidOperation`. */
    setProductPriceCustomField: action(
      SetProductPriceCustomFieldAction,
      async (product: Product, { priceId, name, value, staged }, { ctx }) => {
        const { variant, price } = requirePrice(product, priceId);
        if (!price.custom) throw Errors.invalidOperation('The price has no custom type; set one first.');
        const common = { priceId, variantId: variant.id, staged: staged ?? true, name };
        const removing = value === undefined || value === null;
        if (removing && !(name in price.custom.fields)) {
          throw Errors.invalidOperation(`The custom field '${name}' does not exist.`);
        }
        if (!removing) {
          const [type] = await resolver.require<Type & Record<string, unknown>>(ctx, 'type', [
            price.custom.type,
          ]);
          checkCustomField(type, name, value);
        }
        const message = removing
          ? { type: 'ProductPriceCustomFieldRemoved', ...common }
          : {
              type:
                name in price.custom.fields
                  ? 'ProductPriceCustomFieldChanged'
                  : 'ProductPriceCustomFieldAdded',
              ...common,
              value,
            };
        return {
          resource: withPrice(product, variant, priceId, staged, (p) => {
            if (!p.custom) return p;
            const { [name]: _old, ...others } = p.custom.fields;
            return {
              ...p,
              custom: { ...p.custom, fields: removing ? others : { ...others, [name]: value } },
            };
          }),
          messages: [message],
        };
      },
    ),
  } satisfies ActionTable<Product>;
}
