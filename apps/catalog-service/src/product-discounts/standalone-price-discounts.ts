import type { DiscountedPrice, Product, RequestContext, StandalonePrice } from '@commerce/contracts';
import type { MessageLog } from '@commerce/resources';
import type { DataSource } from 'typeorm';
import { priceOfStandalone, type ProductDiscounts } from './product-discounts.service.js';

const TABLE = '"catalog"."standalone_prices"';

interface PriceRow {
  id: string;
  doc: StandalonePrice;
  /** The `discounted` a product discount last gave the price (its last StandalonePriceDiscountSet), or null. */
  applied: DiscountedPrice | null;
}

/** JSON with sorted keys: a value read back from jsonb compares equal to the one computed. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * `StandalonePriceDiscountSet` (SDK: "generated after a Product Discount is successfully applied to a
 * StandalonePrice"): after a product discount's write commits, each Standalone Price of a product in
 * `priceMode: Standalone` whose `discounted` (as a read answers it, `ProductDiscounts`) differs from the one
 * its last such Message reported gets one, with the new `discounted` (none when no discount applies any more).
 * The last reported value is kept beside the document (`product_discounted`), and the Message is written with
 * it in one transaction, only if no other writer reported first. A price whose `discounted` a client set
 * (`setDiscountedPrice`, an external discount) is left to that action's Message.
 */
export class StandalonePriceDiscounts {
  constructor(
    private readonly db: DataSource,
    private readonly pricing: ProductDiscounts,
    private readonly messages: Pick<MessageLog, 'writer'>,
  ) {}

  async sync(ctx: RequestContext, now = new Date()): Promise<void> {
    const rows = (
      await this.db.query<PriceRow[]>(
        `SELECT id, doc, product_discounted AS applied FROM ${TABLE} WHERE project_key = $1 ORDER BY created_at, id`,
        [ctx.projectKey],
      )
    ).filter((row) => !row.doc.discounted);
    if (rows.length === 0) return;
    const products = await this.productsBySku(ctx.projectKey, [...new Set(rows.map((row) => row.doc.sku))]);
    const items = rows.flatMap((row) => {
      const product = products.get(row.doc.sku);
      const data = product?.masterData.current;
      const variant = data && [data.masterVariant, ...data.variants].find((v) => v.sku === row.doc.sku);
      if (!product || !data || !variant) return [];
      return [
        {
          row,
          product: {
            id: product.id,
            ...(product.key !== undefined ? { key: product.key } : {}),
            productType: product.productType,
            priceMode: 'Standalone',
            categories: data.categories,
            attributes: data.attributes ?? [],
          },
          variant,
          prices: [priceOfStandalone(row.doc)],
        },
      ];
    });
    const priced = await this.pricing.discounted(ctx.projectKey, items, now);
    const changed = items.flatMap(({ row }, index) => {
      const discounted = priced[index][0]?.discounted ?? null;
      return canonical(discounted) === canonical(row.applied) ? [] : [{ row, discounted }];
    });
    if (changed.length === 0) return;
    const writer = await this.messages.writer(ctx);
    for (const { row, discounted } of changed) {
      await this.db.transaction(async (tx) => {
        const updated = await tx.query<Array<{ version: number; key: string | null }>>(
          // A SELECT around the UPDATE: TypeORM answers an UPDATE's rows with its count beside them.
          `WITH updated AS (
             UPDATE ${TABLE} SET product_discounted = $3::jsonb
             WHERE project_key = $1 AND id = $2 AND product_discounted IS NOT DISTINCT FROM $4::jsonb
             RETURNING version, key)
           SELECT version, key FROM updated`,
          [
            ctx.projectKey,
            row.id,
            discounted && JSON.stringify(discounted),
            row.applied && JSON.stringify(row.applied),
          ],
        );
        if (updated.length === 0) return;
        const [{ version, key }] = updated;
        await writer.append(
          tx,
          {
            typeId: 'standalone-price',
            id: row.id,
            version,
            ...(key !== null ? { identifiers: { key } } : {}),
            table: TABLE,
          },
          [{ type: 'StandalonePriceDiscountSet', ...(discounted ? { discounted } : {}) }],
        );
      });
    }
  }

  /** The products in `priceMode: Standalone` that have these SKUs, by SKU. */
  private async productsBySku(projectKey: string, skus: string[]): Promise<Map<string, Product>> {
    const rows = await this.db.query<Array<{ sku: string; doc: Product }>>(
      `SELECT i.value AS sku, p.doc FROM "catalog"."product_identifiers" i
         JOIN "catalog"."products" p ON p.project_key = i.project_key AND p.id = i.product_id
       WHERE i.project_key = $1 AND i.kind = 'sku' AND i.value = ANY($2::text[])
         AND p.doc->>'priceMode' = 'Standalone'`,
      [projectKey, skus],
    );
    return new Map(rows.map((row) => [row.sku, row.doc]));
  }
}
