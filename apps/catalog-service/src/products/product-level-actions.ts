import {
  SetProductDefaultVariantAction,
  SetProductLevelAttributeAction,
  SetProductPriceModeAction,
  type Attribute,
  type Product,
  type ProductType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, fitsFieldType, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { asFieldType, attributeValueOf } from './product-attributes.js';
import { changeData } from './product-data.js';
import { productTypeOf } from './product-references.js';

/** The product-level attributes with `name` set to `value`, or without it when the value is absent. */
export function withProductAttribute(
  productType: ProductType,
  attributes: Attribute[],
  name: string,
  value: unknown,
): Attribute[] {
  const definition = productType.attributes.find((attribute) => attribute.name === name);
  if (!definition) throw Errors.invalidField(name, value ?? null);
  if (definition.level !== 'Product') {
    throw Errors.invalidOperation(
      `The attribute '${name}' is defined at Variant level: set it with setAttribute or setAttributeInAllVariants.`,
    );
  }
  const others = attributes.filter((attribute) => attribute.name !== name);
  if (value === undefined || value === null) {
    if (definition.isRequired) throw Errors.requiredField(name);
    return others;
  }
  if (!fitsFieldType(asFieldType(definition.type), value)) throw Errors.invalidField(name, value);
  const attribute: Attribute = { name, value: attributeValueOf(definition.type, value) };
  const index = attributes.findIndex((a) => a.name === name);
  return index < 0 ? [...others, attribute] : attributes.map((a, i) => (i === index ? attribute : a));
}

/** setPriceMode, setProductAttribute (a Product-level attribute) and setDefaultVariant. */
export const productLevelActions = {
  setPriceMode: action(SetProductPriceModeAction, (product: Product, { priceMode }) => ({
    resource: withOptional(product, 'priceMode', priceMode),
    messages: priceMode ? [{ type: 'ProductPriceModeSet', to: priceMode }] : [],
  })),

  setProductAttribute: action(
    SetProductLevelAttributeAction,
    async (product: Product, { name, value, staged }, { ctx, db }) => {
      const productType = await productTypeOf(db, ctx, product.productType);
      return {
        resource: changeData(product, staged, (data) => ({
          ...data,
          attributes: withProductAttribute(productType, data.attributes ?? [], name, value),
        })),
      };
    },
  ),

  /** The live API offers it only in the Modular catalog model; this platform's projects are Classic. */
  setDefaultVariant: action(SetProductDefaultVariantAction, () => {
    throw Errors.invalidOperation(
      "setDefaultVariant is only available for Projects with productCatalogModel 'Modular'; this Project uses the 'Classic' model, whose variants are embedded in the Product.",
    );
  }),
} satisfies ActionTable<Product>;
