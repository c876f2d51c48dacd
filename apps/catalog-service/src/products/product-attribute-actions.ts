import {
  SetProductAttributeAction,
  SetProductAttributeInAllVariantsAction,
  type Attribute,
  type Product,
  type ProductType,
  type ProductVariant,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { fitsFieldType, action, type ActionTable } from '@commerce/resources';
import { asFieldType, attributeValueOf } from './product-attributes.js';
import { changeData, variantIn, variantsOf, withVariant } from './product-data.js';
import { productTypeOf } from './product-references.js';

/** The variant with attribute `name` set to `value`, or without it when the value is absent. */
function withAttribute(productType: ProductType, variant: ProductVariant, name: string, value: unknown) {
  const definition = productType.attributes.find((attribute) => attribute.name === name);
  if (!definition) throw Errors.invalidField(name, value ?? null);
  const others = variant.attributes.filter((attribute) => attribute.name !== name);
  if (value === undefined || value === null) {
    if (definition.isRequired) throw Errors.requiredField(name);
    return { ...variant, attributes: others };
  }
  if (!fitsFieldType(asFieldType(definition.type), value)) throw Errors.invalidField(name, value);
  const index = variant.attributes.findIndex((attribute) => attribute.name === name);
  const attribute: Attribute = { name, value: attributeValueOf(definition.type, value) };
  const attributes =
    index < 0 ? [...others, attribute] : variant.attributes.map((a, i) => (i === index ? attribute : a));
  return { ...variant, attributes };
}

/** `Unique` attributes may not hold the same value in two variants of one product's data. */
function checkUnique(productType: ProductType, variants: ProductVariant[], name: string): void {
  const definition = productType.attributes.find((attribute) => attribute.name === name);
  if (definition?.attributeConstraint !== 'Unique') return;
  const values = variants.flatMap((variant) =>
    variant.attributes.filter((a) => a.name === name).map((a) => JSON.stringify(a.value)),
  );
  const duplicate = values.find((value, index) => values.indexOf(value) !== index);
  if (duplicate !== undefined) throw Errors.duplicateField(name, JSON.parse(duplicate));
}

/** setAttribute (one variant, checked against the product type) and setAttributeInAllVariants. */
export const productAttributeActions: ActionTable<Product> = {
  setAttribute: action(
    SetProductAttributeAction,
    async (product: Product, { variantId, sku, name, value, staged }, { ctx, db }) => {
      const productType = await productTypeOf(db, ctx, product.productType);
      const definition = productType.attributes.find((attribute) => attribute.name === name);
      if (
        definition?.attributeConstraint === 'SameForAll' &&
        variantsOf(product.masterData.staged).length > 1
      ) {
        throw Errors.invalidOperation(
          `The attribute '${name}' must be the same in all variants: use setAttributeInAllVariants.`,
        );
      }
      return {
        resource: changeData(product, staged, (data) => {
          const changed = withVariant(data, variantIn(data, { variantId, sku }).id, (variant) =>
            withAttribute(productType, variant, name, value),
          );
          checkUnique(productType, variantsOf(changed), name);
          return changed;
        }),
      };
    },
  ),

  setAttributeInAllVariants: action(
    SetProductAttributeInAllVariantsAction,
    async (product: Product, { name, value, staged }, { ctx, db }) => {
      const productType = await productTypeOf(db, ctx, product.productType);
      return {
        resource: changeData(product, staged, (data) => {
          const changed = variantsOf(data).reduce(
            (next, variant) =>
              withVariant(next, variant.id, (v) => withAttribute(productType, v, name, value)),
            data,
          );
          checkUnique(productType, variantsOf(changed), name);
          return changed;
        }),
      };
    },
  ),
};
