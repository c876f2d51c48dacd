import type {
  Product,
  ProductData,
  ProductDraftDto,
  ProductVariant,
  ProductVariantDraftDto,
  RequestContext,
} from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { ReferenceResolver } from '@commerce/resources';
import { assetOf, checkAssetKeys } from '../shared/assets.js';
import { priceOf } from './product-price-actions.js';
import { checkPrices } from './product-prices.js';
import { categoryReferences, productStateOf, taxCategoryReference } from './product-catalog-references.js';

type CatalogData = Pick<
  ProductData,
  'categories' | 'categoryOrderHints' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'searchKeywords'
>;

/** The parts of a ProductDraft that refer to the catalog: categories, SEO fields, tax category and state. */
export async function catalogFieldsOf(
  draft: ProductDraftDto,
  ctx: RequestContext,
  db: Queryable,
): Promise<{ data: CatalogData; product: Pick<Product, 'taxCategory' | 'state'> }> {
  const categories = await categoryReferences(db, ctx, draft.categories ?? []);
  const taxCategory = draft.taxCategory ? await taxCategoryReference(db, ctx, draft.taxCategory) : undefined;
  const state = draft.state ? await productStateOf(db, ctx, draft.state) : undefined;
  return {
    data: {
      categories,
      categoryOrderHints: draft.categoryOrderHints ?? {},
      ...(draft.metaTitle ? { metaTitle: draft.metaTitle } : {}),
      ...(draft.metaDescription ? { metaDescription: draft.metaDescription } : {}),
      ...(draft.metaKeywords ? { metaKeywords: draft.metaKeywords } : {}),
      searchKeywords: draft.searchKeywords ?? {},
    },
    product: {
      ...(taxCategory ? { taxCategory } : {}),
      ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
    },
  };
}

/**
 * The variants with the prices and assets of their drafts: prices built as `addPrice` builds them (references
 * checked, price scopes unique per variant), assets with ids and custom fields checked.
 */
export async function withDraftPricesAndAssets(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  db: Queryable,
  variants: ProductVariant[],
  drafts: Array<ProductVariantDraftDto | undefined>,
): Promise<ProductVariant[]> {
  const result: ProductVariant[] = [];
  for (const [index, variant] of variants.entries()) {
    const assets = [];
    for (const asset of drafts[index]?.assets ?? []) assets.push(await assetOf(resolver, ctx, asset));
    const prices = [];
    for (const price of drafts[index]?.prices ?? []) prices.push(await priceOf(price, ctx, db, resolver));
    result.push({ ...variant, prices: checkPrices(prices), assets: checkAssetKeys(assets) });
  }
  return result;
}
