import { sameJson } from '@commerce/resources';
import type {
  Attribute,
  Image,
  Product,
  ProductData,
  ProductProjection,
  ProductVariant,
  ProductVariantDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** An Image from its draft (unknown fields dropped). */
export function imageOf(draft: Image): Image {
  return {
    url: draft.url,
    dimensions: { w: draft.dimensions.w, h: draft.dimensions.h },
    ...(draft.label !== undefined ? { label: draft.label } : {}),
  };
}

/** A new variant from its draft; its prices and assets are built by `withDraftPricesAndAssets`. */
export function variantOf(id: number, draft: ProductVariantDraftDto | undefined): ProductVariant {
  return {
    id,
    ...(draft?.sku ? { sku: draft.sku } : {}),
    ...(draft?.key ? { key: draft.key } : {}),
    prices: [],
    images: (draft?.images ?? []).map(imageOf),
    attributes: (draft?.attributes ?? []).map(({ name, value }): Attribute => ({ name, value })),
    assets: [],
  };
}

/** The master variant first, then the others. */
export function variantsOf(data: ProductData): ProductVariant[] {
  return [data.masterVariant, ...data.variants];
}

/** SKUs and variant keys are unique within a product's data. */
export function checkVariants(data: ProductData): ProductData {
  const skus = new Set<string>();
  const keys = new Set<string>();
  for (const { sku, key } of variantsOf(data)) {
    if (sku !== undefined) {
      if (skus.has(sku)) throw Errors.duplicateField('sku', sku);
      skus.add(sku);
    }
    if (key !== undefined) {
      if (keys.has(key)) throw Errors.duplicateField('variants.key', key);
      keys.add(key);
    }
  }
  return data;
}

/**
 * Applies a change to the staged data only (`staged` true or absent), or to both current and staged
 * (`staged` false). `hasStagedChanges` always says whether the two differ.
 */
export function changeData(
  product: Product,
  staged: boolean | undefined,
  change: (data: ProductData) => ProductData,
): Product {
  const { masterData } = product;
  const nextStaged = checkVariants(change(masterData.staged));
  const nextCurrent = staged === false ? checkVariants(change(masterData.current)) : masterData.current;
  return {
    ...product,
    masterData: {
      ...masterData,
      staged: nextStaged,
      current: nextCurrent,
      hasStagedChanges: !sameJson(nextCurrent, nextStaged),
    },
  };
}

/** The variant with `variantId` or `sku`; a missing one is `InvalidOperation`. */
export function variantIn(data: ProductData, by: { variantId?: number; sku?: string }): ProductVariant {
  if ((by.variantId === undefined) === (by.sku === undefined)) {
    throw Errors.invalidInput('Either variantId or sku is required to name a variant.');
  }
  const variant = variantsOf(data).find((v) =>
    by.variantId !== undefined ? v.id === by.variantId : v.sku === by.sku,
  );
  if (!variant) {
    const name = by.variantId !== undefined ? `id ${by.variantId}` : `sku '${by.sku}'`;
    throw Errors.invalidOperation(`The product has no variant with ${name}.`);
  }
  return variant;
}

/** The data with one variant replaced. */
export function withVariant(
  data: ProductData,
  id: number,
  change: (v: ProductVariant) => ProductVariant,
): ProductData {
  return {
    ...data,
    masterVariant: data.masterVariant.id === id ? change(data.masterVariant) : data.masterVariant,
    variants: data.variants.map((variant) => (variant.id === id ? change(variant) : variant)),
  };
}

/** The next variant id: above every id the product's current and staged data use. */
export function nextVariantId(product: Product): number {
  const ids = [...variantsOf(product.masterData.current), ...variantsOf(product.masterData.staged)].map(
    (v) => v.id,
  );
  return Math.max(...ids) + 1;
}

/** The current or the staged representation of a product, flattened. */
export function projectionOf(product: Product, staged: boolean): ProductProjection {
  const { masterData } = product;
  return {
    id: product.id,
    version: product.version,
    ...(product.key !== undefined ? { key: product.key } : {}),
    productType: product.productType,
    ...(staged ? masterData.staged : masterData.current),
    ...(product.taxCategory ? { taxCategory: product.taxCategory } : {}),
    ...(product.state ? { state: product.state } : {}),
    ...(product.priceMode ? { priceMode: product.priceMode } : {}),
    ...(product.reviewRatingStatistics ? { reviewRatingStatistics: product.reviewRatingStatistics } : {}),
    published: masterData.published,
    hasStagedChanges: masterData.hasStagedChanges,
    createdAt: product.createdAt,
    lastModifiedAt: product.lastModifiedAt,
  };
}

/** A projection as it will be once the running update is stored (one version later). */
export function nextProjectionOf(product: Product, staged: boolean): ProductProjection {
  return projectionOf({ ...product, version: product.version + 1 }, staged);
}
