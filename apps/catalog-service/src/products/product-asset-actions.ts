import { onProductVariant, type Product } from '@commerce/contracts';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { assetChanges } from '../shared/assets.js';
import { changeData, variantIn, withVariant } from './product-data.js';

/**
 * The asset actions of a variant: prepared once (a new asset keeps one id in staged and current), then
 * applied to the staged variant, and with `staged: false` to the current one too.
 */
export function productAssetActions(resolver: ReferenceResolver): ActionTable<Product> {
  return Object.fromEntries(
    Object.entries(assetChanges(resolver)).map(([name, { dto, prepare, change }]) => [
      name,
      action(onProductVariant(dto), async (product: Product, raw, context) => {
        const { variantId, sku, staged } = raw;
        const target = variantIn(product.masterData.staged, { variantId, sku });
        const prepared = prepare ? await prepare(raw, context, target.assets) : undefined;
        return {
          resource: changeData(product, staged, (data) =>
            withVariant(data, variantIn(data, { variantId: target.id }).id, (variant) => ({
              ...variant,
              assets: change(variant.assets, raw, prepared),
            })),
          ),
        };
      }),
    ]),
  );
}
