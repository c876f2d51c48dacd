import {
  MAX_INVENTORY_ITEMS,
  type CheckoutLineItemAnswer,
  type InventoryAvailability,
  type CheckoutLineItemLookup,
  type CheckoutLineItemsRequest,
  type CheckoutLineItemsResponse,
  type Product,
  type TaxCategory,
} from '@commerce/contracts';
import { preparedQuery, type Queryable } from '@commerce/persistence';
import {
  assignmentOf,
  ASSIGNMENTS,
  COLUMNS,
  type Assignment,
} from '../product-selections/assignments.repository.js';
import { availableVariants, type AvailabilityScope } from '../in-store/availability.js';
import { storeScope } from '../in-store/store-scope.js';
import { inventoryAvailability } from '../inventory/inventory-reservations.js';
import type { ProductDiscounts } from '../product-discounts/product-discounts.service.js';
import { variantsOf } from '../products/product-data.js';

/**
 * The products of a cart's line items, its tax categories and the Store's verdict on each variant: one
 * statement whatever the number of items (products by id or SKU with the tax categories), two more in a
 * Store (its selections' modes, its assignments).
 */
export async function checkoutLineItems(
  db: Queryable,
  projectKey: string,
  request: CheckoutLineItemsRequest,
  pricing: ProductDiscounts,
): Promise<CheckoutLineItemsResponse> {
  const ids = request.items.flatMap((item) => (item.productId ? [item.productId] : []));
  const skus = request.items.flatMap((item) => (item.productId === undefined && item.sku ? [item.sku] : []));
  // One statement: the products (by id or SKU) and the tax categories asked for or of those products. Prepared:
  // parsed and planned once per connection (planning it cost twice what running it does).
  const rows = await preparedQuery<{ kind: 'p' | 't'; doc: Product | TaxCategory }>(
    db,
    'catalog_checkout_line_items',
    `WITH p AS (SELECT doc FROM "catalog"."products" WHERE project_key = $1 AND (id = ANY($2::text[]) OR id IN (
       SELECT product_id FROM "catalog"."product_identifiers" WHERE project_key = $1 AND kind = 'sku' AND value = ANY($3::text[]))))
     SELECT 'p' AS kind, doc FROM p
     UNION ALL
     SELECT 't' AS kind, t.doc FROM "catalog"."tax_categories" t
     WHERE t.project_key = $1 AND (t.id = ANY($4::text[]) OR t.id IN (SELECT p.doc->'taxCategory'->>'id' FROM p))`,
    [projectKey, ids, skus, request.taxCategoryIds ?? []],
  );
  const products = rows.flatMap((row) => (row.kind === 'p' ? [{ doc: row.doc as Product }] : []));
  const readTaxCategories = rows.flatMap((row) => (row.kind === 't' ? [row.doc as TaxCategory] : []));
  const byId = new Map(products.map(({ doc }) => [doc.id, doc]));
  const bySku = new Map<string, Product>();
  for (const product of byId.values())
    for (const variant of variantsOf(product.masterData.current))
      if (variant.sku !== undefined) bySku.set(variant.sku, product);

  const scope = request.storeProductSelections
    ? await storeScope(db, projectKey, request.storeProductSelections)
    : undefined;
  const entries = scope ? await assignmentsOf(db, projectKey, scope, [...byId.keys()]) : [];

  const answers = request.items.map((item) =>
    answerFor(item, byId, bySku, scope, entries, request.includeUnpublished === true),
  );
  const items = await withCartPrices(db, projectKey, pricing, answers, byId);
  // The tax categories of the asked ones and of the products found (a product the Store does not offer too).
  const taxCategoryIds = new Set(request.taxCategoryIds ?? []);
  for (const answer of items)
    if (answer.found && answer.product.taxCategory) taxCategoryIds.add(answer.product.taxCategory.id);
  const taxCategories = readTaxCategories.filter((category) => taxCategoryIds.has(category.id));
  if (!request.inventoryChannels) return { items, taxCategories };
  return { items, taxCategories, inventory: await inventoryOf(db, projectKey, items, request.inventoryChannels) };
}

/** The inventory entries of the found SKUs: each without a supply channel and in each channel asked for. */
function inventoryOf(
  db: Queryable,
  projectKey: string,
  answers: CheckoutLineItemAnswer[],
  channels: readonly string[],
): Promise<InventoryAvailability[]> {
  const skus = new Set<string>();
  for (const answer of answers) if (answer.found && answer.product.variant.sku) skus.add(answer.product.variant.sku);
  const refs = [...skus].flatMap((sku) => [
    { sku },
    ...channels.map((supplyChannelId) => ({ sku, supplyChannelId })),
  ]);
  return inventoryAvailability(db, projectKey, refs.slice(0, MAX_INVENTORY_ITEMS));
}

function answerFor(
  item: CheckoutLineItemLookup,
  byId: Map<string, Product>,
  bySku: Map<string, Product>,
  scope: AvailabilityScope | undefined,
  entries: Assignment[],
  includeUnpublished: boolean,
): CheckoutLineItemAnswer {
  const product = item.productId !== undefined ? byId.get(item.productId) : bySku.get(item.sku ?? '');
  if (!product)
    return { found: false, reason: item.productId !== undefined ? 'ProductNotFound' : 'SkuNotFound' };
  if (!product.masterData.published && !includeUnpublished) return { found: false, reason: 'NotPublished' };
  const data = product.masterData.current;
  const variants = variantsOf(data);
  const variant =
    item.productId !== undefined
      ? variants.find((v) => v.id === (item.variantId ?? data.masterVariant.id))
      : variants.find((v) => v.sku === item.sku);
  if (!variant)
    return { found: false, reason: item.productId !== undefined ? 'VariantNotFound' : 'SkuNotFound' };
  const inStore = scope
    ? (availableVariants(
        scope,
        entries.filter((entry) => entry.productId === product.id),
        variants,
      )?.includes(variant) ?? false)
    : undefined;
  return {
    found: true,
    product: {
      productId: product.id,
      ...(product.key !== undefined ? { productKey: product.key } : {}),
      name: data.name,
      slug: data.slug,
      productType: { typeId: 'product-type', id: product.productType.id },
      variant,
      ...(product.taxCategory ? { taxCategory: { typeId: 'tax-category', id: product.taxCategory.id } } : {}),
      published: product.masterData.published,
      ...(inStore !== undefined ? { inStore } : {}),
    },
  };
}

async function assignmentsOf(
  db: Queryable,
  projectKey: string,
  scope: AvailabilityScope,
  productIds: string[],
): Promise<Assignment[]> {
  if (scope.kind !== 'selections' || productIds.length === 0) return [];
  const selectionIds = [...scope.individual, ...scope.exclusion];
  if (selectionIds.length === 0) return [];
  const rows = await db.query<Parameters<typeof assignmentOf>[0][]>(
    `SELECT ${COLUMNS} FROM ${ASSIGNMENTS} a
     WHERE a.project_key = $1 AND a.product_id = ANY($2::text[]) AND a.selection_id = ANY($3::text[])`,
    [projectKey, productIds, selectionIds],
  );
  return rows.map(assignmentOf);
}

/**
 * The variants with the prices a line item chooses from: Standalone Prices of the SKU for a product in
 * `priceMode: Standalone`, else its embedded prices, each with `discounted` as the best product discount sets
 * it (the checkout reads the unit price from `discounted`; libs/pricing `selectLineItemPrice`).
 */
async function withCartPrices(
  db: Queryable,
  projectKey: string,
  pricing: ProductDiscounts,
  answers: CheckoutLineItemAnswer[],
  byId: Map<string, Product>,
): Promise<CheckoutLineItemAnswer[]> {
  const found = answers.flatMap((answer) => (answer.found ? [answer] : []));
  const prices = await pricing.lineItemPrices(
    db,
    projectKey,
    found.map(({ product }) => {
      const stored = byId.get(product.productId)!;
      const data = stored.masterData.current;
      return {
        product: {
          id: stored.id,
          ...(stored.key !== undefined ? { key: stored.key } : {}),
          productType: stored.productType,
          ...(stored.priceMode ? { priceMode: stored.priceMode } : {}),
          categories: data.categories,
          attributes: data.attributes ?? [],
        },
        variant: product.variant,
      };
    }),
  );
  const byAnswer = new Map(found.map((answer, index) => [answer, prices[index]]));
  return answers.map((answer) => {
    const variantPrices = answer.found ? byAnswer.get(answer) : undefined;
    if (!answer.found || !variantPrices) return answer;
    return {
      ...answer,
      product: { ...answer.product, variant: { ...answer.product.variant, prices: variantPrices } },
    };
  });
}
