import {
  MAX_INVENTORY_ITEMS,
  type CheckoutLineItemAnswer,
  type InventoryAvailability,
  type CheckoutLineItemLookup,
  type CheckoutLineItemsRequest,
  type CheckoutLineItemsResponse,
  type Attribute,
  type LocalizedString,
  type ProductVariant,
  type Reference,
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
import { availabilityOf, inventoryEntriesSql, type EntryRow } from '../inventory/inventory-reservations.js';
import type { ProductDiscounts } from '../product-discounts/product-discounts.service.js';

/**
 * What the checkout reads of a product, built by the statement (`CHECKOUT_PRODUCT`): the answer's fields, what
 * product discounts' predicates read (`categories`, product-level `attributes`, `productType`, `key`) and
 * `priceMode`, of the current data only, with only the variants asked for (master first).
 */
interface CheckoutProductRow {
  id: string;
  /** Whether the product has a `key` (null when it has none). */
  hasKey: boolean;
  key: string | null;
  productType: Reference<'product-type'>;
  taxCategory: Reference<'tax-category'> | null;
  priceMode: string | null;
  published: boolean;
  name: LocalizedString;
  slug: LocalizedString;
  categories: Array<Reference<'category'>>;
  attributes: Attribute[] | null;
  masterVariantId: number;
  /** The current variants asked for by id (the master for a product id alone) or by SKU, master first. */
  variants: ProductVariant[];
}

/**
 * A product as the checkout reads it, from the product's document `d.doc` and the lookups `v.vars`. Not the
 * whole document: its staged data and its other variants (each with prices, images, attributes) made each
 * cart change read, send and parse hundreds of kB per product of a real catalog (docs/PERFORMANCE.md
 * "Checkout"). `hasKey`: the answer has a `productKey` only when the product has a key.
 */
const CHECKOUT_PRODUCT = `jsonb_build_object(
       'id', d.doc->'id', 'hasKey', d.doc ? 'key', 'key', d.doc->'key',
       'productType', d.doc->'productType', 'taxCategory', d.doc->'taxCategory',
       'priceMode', d.doc->'priceMode', 'published', d.doc#>'{masterData,published}',
       'name', d.doc#>'{masterData,current,name}', 'slug', d.doc#>'{masterData,current,slug}',
       'categories', d.doc#>'{masterData,current,categories}', 'attributes', d.doc#>'{masterData,current,attributes}',
       'masterVariantId', d.doc#>'{masterData,current,masterVariant,id}',
       'variants', jsonb_path_query_array(d.doc,
           '$.masterData.current.masterVariant ? ($master == true || @.id == $ids[*] || @.sku == $skus[*])', v.vars)
         || jsonb_path_query_array(d.doc,
           '$.masterData.current.variants[*] ? (@.id == $ids[*] || @.sku == $skus[*])', v.vars))`;

/**
 * The SKUs of the variants read (`p`): the entries read are of these, narrowed to the found variants after
 * (a variant found is one read).
 */
const PRODUCT_SKUS = `ARRAY(SELECT s #>> '{}' FROM p, jsonb_path_query(p.doc, '$.variants[*].sku') s)`;

/**
 * The products (by id or SKU) as the checkout reads them (`CHECKOUT_PRODUCT`; `$7`: by product id, the
 * variant ids and SKUs asked for and whether its master is), the tax categories asked for or of those
 * products, and (`$5`) the inventory entries of the variants' SKUs in the channels `$6` and none.
 *
 * The parameters are read once, as the columns of `a` (`OFFSET 0` keeps it a row of its own), so that no
 * estimate depends on their values: PostgreSQL then settles on the generic plan after its first five runs on
 * a connection, as a custom plan costs the same and must be planned. Written with the parameters in place,
 * once the tables had statistics each custom plan (the arrays' lengths known, the inventory part dropped when
 * `$5` was false) looked far cheaper than the generic plan, and every run was planned again: 0.82 ms of CPU
 * per call against 0.19 ms for three one-variant products of a catalog of 2,000 (docs/PERFORMANCE.md
 * "Checkout"; a test checks the generic plan is kept).
 *
 * The products are found by their ids, those given and those of the SKUs, as one array of keys: each is read
 * by its key (`id = ANY(...) OR id IN (...)` read every product of the project: 7 ms of 20,000 products
 * against 0.16 ms). A document is detoasted once (`d`: `#> '{}'` hands back the whole value, `OFFSET 0` keeps
 * it one column): each of CHECKOUT_PRODUCT's reads of the stored column would decompress it again.
 */
export const CHECKOUT_LINE_ITEMS_SQL = `WITH a AS (SELECT $1::text AS project, $2::text[] AS ids, $3::text[] AS skus,
       $4::text[] AS tax_ids, $5::boolean AS inventory, $6::text[] AS channels, $7::jsonb AS asked,
       jsonb_build_object('ids', '[]'::jsonb, 'master', false, 'skus', to_jsonb($3::text[])) AS by_sku OFFSET 0),
     p AS (SELECT ${CHECKOUT_PRODUCT} AS doc
     FROM a
     JOIN "catalog"."products" pr ON pr.project_key = a.project AND pr.id = ANY(a.ids || ARRAY(
       SELECT product_id FROM "catalog"."product_identifiers"
       WHERE project_key = a.project AND kind = 'sku' AND value = ANY(a.skus)))
     CROSS JOIN LATERAL (SELECT pr.doc #> '{}' AS doc OFFSET 0) d
     CROSS JOIN LATERAL (SELECT coalesce(a.asked -> pr.id, a.by_sku) AS vars) v)
     SELECT 'p' AS kind, doc FROM p
     UNION ALL
     SELECT 't' AS kind, t.doc FROM a
     JOIN "catalog"."tax_categories" t ON t.project_key = a.project
       AND t.id = ANY(a.tax_ids || ARRAY(SELECT p.doc->'taxCategory'->>'id' FROM p))
     UNION ALL
     SELECT 'i' AS kind, i.entry FROM a
     CROSS JOIN LATERAL (${inventoryEntriesSql('a.project', PRODUCT_SKUS, 'a.channels')}) i WHERE a.inventory`;

/**
 * `$7` of CHECKOUT_LINE_ITEMS_SQL: by product id, the variant ids asked for, whether its master is, and the
 * SKUs asked for (a product asked for by id may have a variant asked for by SKU too), each product's ready
 * for the filters as it is (a product found by SKU alone takes `by_sku`), not assembled per product in SQL.
 */
function variantsAsked(items: readonly CheckoutLineItemLookup[], skus: readonly string[]): string {
  const asked = new Map<string, { ids: number[]; master: boolean; skus: readonly string[] }>();
  for (const { productId, variantId } of items) {
    if (productId === undefined) continue;
    const product = asked.get(productId) ?? { ids: [], master: false, skus };
    asked.set(productId, product);
    if (variantId === undefined) product.master = true;
    else product.ids.push(variantId);
  }
  return JSON.stringify(Object.fromEntries(asked));
}

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
  // One statement: the products (by id or SKU), the tax categories asked for or of those products, and with
  // `inventoryChannels` the inventory entries of the products' SKUs (narrowed to the found variants below).
  // Prepared: parsed once per connection, and planned once: after five runs PostgreSQL keeps its generic plan
  // (the statement is written so that it does; see CHECKOUT_LINE_ITEMS_SQL).
  const rows = await preparedQuery<
    { kind: 'p'; doc: CheckoutProductRow } | { kind: 't'; doc: TaxCategory } | { kind: 'i'; doc: EntryRow }
  >(db, 'catalog_checkout_line_items', CHECKOUT_LINE_ITEMS_SQL, [
    projectKey,
    ids,
    skus,
    request.taxCategoryIds ?? [],
    request.inventoryChannels !== undefined,
    request.inventoryChannels ?? [],
    variantsAsked(request.items, skus),
  ]);
  const products: Array<{ doc: CheckoutProductRow }> = [];
  const readTaxCategories: TaxCategory[] = [];
  const entries: EntryRow[] = [];
  for (const row of rows) {
    if (row.kind === 'p') products.push({ doc: row.doc });
    else if (row.kind === 't') readTaxCategories.push(row.doc);
    else entries.push(row.doc);
  }
  const byId = new Map(products.map(({ doc }) => [doc.id, doc]));
  const bySku = new Map<string, CheckoutProductRow>();
  for (const product of byId.values())
    for (const variant of product.variants) if (variant.sku !== undefined) bySku.set(variant.sku, product);

  const scope = request.storeProductSelections
    ? await storeScope(db, projectKey, request.storeProductSelections)
    : undefined;
  const assignments = scope ? await assignmentsOf(db, projectKey, scope, [...byId.keys()]) : [];

  const answers = request.items.map((item) =>
    answerFor(item, byId, bySku, scope, assignments, request.includeUnpublished === true),
  );
  const items = await withCartPrices(db, projectKey, pricing, answers, byId);
  // The tax categories of the asked ones and of the products found (a product the Store does not offer too).
  const taxCategoryIds = new Set(request.taxCategoryIds ?? []);
  for (const answer of items)
    if (answer.found && answer.product.taxCategory) taxCategoryIds.add(answer.product.taxCategory.id);
  const taxCategories = readTaxCategories.filter((category) => taxCategoryIds.has(category.id));
  if (!request.inventoryChannels) return { items, taxCategories };
  return { items, taxCategories, inventory: inventoryOf(entries, items, request.inventoryChannels) };
}

/**
 * The inventory entries of the found variants' SKUs: each without a supply channel and in each channel asked
 * for (at most MAX_INVENTORY_ITEMS such pairs), in id order, from the entries read with the products.
 */
function inventoryOf(
  entries: EntryRow[],
  answers: CheckoutLineItemAnswer[],
  channels: readonly string[],
): InventoryAvailability[] {
  const skus = new Set<string>();
  for (const answer of answers)
    if (answer.found && answer.product.variant.sku) skus.add(answer.product.variant.sku);
  const pairs = new Set(
    [...skus]
      .flatMap((sku) => [`${sku}\u0000`, ...channels.map((channel) => `${sku}\u0000${channel}`)])
      .slice(0, MAX_INVENTORY_ITEMS),
  );
  return entries
    .filter((entry) => pairs.has(`${entry.sku}\u0000${entry.channel}`))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(availabilityOf);
}

function answerFor(
  item: CheckoutLineItemLookup,
  byId: Map<string, CheckoutProductRow>,
  bySku: Map<string, CheckoutProductRow>,
  scope: AvailabilityScope | undefined,
  entries: Assignment[],
  includeUnpublished: boolean,
): CheckoutLineItemAnswer {
  const product = item.productId !== undefined ? byId.get(item.productId) : bySku.get(item.sku ?? '');
  if (!product)
    return { found: false, reason: item.productId !== undefined ? 'ProductNotFound' : 'SkuNotFound' };
  if (!product.published && !includeUnpublished) return { found: false, reason: 'NotPublished' };
  // Only the variants asked for are read (by id, the master for a product id alone, or by SKU).
  const variant =
    item.productId !== undefined
      ? product.variants.find((v) => v.id === (item.variantId ?? product.masterVariantId))
      : product.variants.find((v) => v.sku === item.sku);
  if (!variant)
    return { found: false, reason: item.productId !== undefined ? 'VariantNotFound' : 'SkuNotFound' };
  // Whether a Store offers a variant depends on its SKU alone (and the product's entries), not on the others.
  const inStore = scope
    ? (availableVariants(
        scope,
        entries.filter((entry) => entry.productId === product.id),
        [variant],
      )?.includes(variant) ?? false)
    : undefined;
  return {
    found: true,
    product: {
      productId: product.id,
      ...(product.hasKey ? { productKey: product.key as string } : {}),
      name: product.name,
      slug: product.slug,
      productType: { typeId: 'product-type', id: product.productType.id },
      variant,
      ...(product.taxCategory ? { taxCategory: { typeId: 'tax-category', id: product.taxCategory.id } } : {}),
      published: product.published,
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
  byId: Map<string, CheckoutProductRow>,
): Promise<CheckoutLineItemAnswer[]> {
  const found = answers.flatMap((answer) => (answer.found ? [answer] : []));
  const prices = await pricing.lineItemPrices(
    db,
    projectKey,
    found.map(({ product }) => {
      const stored = byId.get(product.productId)!;
      return {
        product: {
          id: stored.id,
          ...(stored.hasKey ? { key: stored.key as string } : {}),
          productType: stored.productType,
          ...(stored.priceMode ? { priceMode: stored.priceMode } : {}),
          categories: stored.categories,
          attributes: stored.attributes ?? [],
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
