import { ProductResource } from '@commerce/contracts';
import { ProductDraftDto, type Product, type ProductData } from '@commerce/contracts';
import type { ResourceDefinition } from '@commerce/resources';
import { removeProductFromSelections } from '../product-selections/selection-cascade.js';
import type { CatalogDeps } from '../shared/catalog-deps.js';
import { checkVariantAttributes } from './product-attributes.js';
import { productDataActions } from './product-data-actions.js';
import { checkVariants, projectionOf, variantOf } from './product-data.js';
import { productTypeOf } from './product-references.js';
import { productCatalogActions } from './product-catalog-actions.js';
import { catalogFieldsOf, withDraftPricesAndAssets } from './product-draft.js';
import { productLevelActions } from './product-level-actions.js';
import { productPriceActions } from './product-price-actions.js';
import { productPriceCustomActions } from './product-price-custom-actions.js';
import { productVariantActions } from './product-variant-actions.js';
import { productsTable } from './products.table.js';

export const PRODUCT_ENGINE = Symbol('PRODUCT_ENGINE');

/**
 * Products: current and staged data with publish, variants with unique SKUs, slugs unique per locale.
 * Deleting a product takes it out of every product selection.
 */
export function defineProduct({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<Product, ProductDraftDto> {
  return {
    typeId: ProductResource.typeId,
    table: productsTable,
    draft: ProductDraftDto,
    actions: {
      ...productDataActions,
      ...productVariantActions(resolver),
      ...productPriceActions(resolver),
      ...productPriceCustomActions(resolver),
      ...productLevelActions,
      ...productCatalogActions(resolver),
    },
    async build(draft, { ctx, db }) {
      const productType = await productTypeOf(db, ctx, draft.productType);
      const [masterVariant, ...variants] = checkVariantAttributes(
        productType,
        await withDraftPricesAndAssets(
          resolver,
          ctx,
          db,
          [variantOf(1, draft.masterVariant), ...(draft.variants ?? []).map((v, i) => variantOf(i + 2, v))],
          [draft.masterVariant, ...(draft.variants ?? [])],
        ),
      );
      const catalog = await catalogFieldsOf(draft, ctx, db);
      const data: ProductData = checkVariants({
        name: draft.name,
        ...(draft.description ? { description: draft.description } : {}),
        slug: draft.slug,
        masterVariant,
        variants,
        attributes: [],
        ...catalog.data,
      });
      return {
        ...(draft.key ? { key: draft.key } : {}),
        productType: { typeId: 'product-type', id: productType.id },
        masterData: {
          published: draft.publish ?? false,
          current: data,
          staged: data,
          hasStagedChanges: false,
        },
        ...catalog.product,
        ...(draft.priceMode ? { priceMode: draft.priceMode } : {}),
      };
    },
    createdMessage: (product) => ({ type: 'ProductCreated', productProjection: projectionOf(product, true) }),
    deletedMessage: (product) => ({
      type: 'ProductDeleted',
      removedImageUrls: [],
      currentProjection: projectionOf(product, false),
    }),
    identifiers: (product) => ({
      ...(product.key ? { key: product.key } : {}),
      slug: product.masterData.current.slug,
    }),
    beforeDelete: async (product, { ctx }) => removeProductFromSelections(ctx, product.id),
  };
}
