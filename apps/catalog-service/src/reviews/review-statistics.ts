import type { Product, RequestContext, Review, ReviewRatingStatistics } from '@commerce/contracts';
import type { DataSource } from 'typeorm';
import { productsTable } from '../products/products.table.js';
import { reviewsTable } from './reviews.table.js';

interface RatingRow {
  rating: number;
  n: number;
}

/** The statistics of ratings by how many Reviews gave each; undefined when there are none. */
export function statisticsOf(rows: RatingRow[]): ReviewRatingStatistics | undefined {
  const count = rows.reduce((sum, row) => sum + row.n, 0);
  if (count === 0) return undefined;
  const total = rows.reduce((sum, row) => sum + row.rating * row.n, 0);
  const ratings = rows.map((row) => row.rating);
  return {
    averageRating: Math.round((total / count) * 100_000) / 100_000,
    highestRating: Math.max(...ratings),
    lowestRating: Math.min(...ratings),
    count,
    ratingsDistribution: Object.fromEntries(rows.map((row) => [String(row.rating), row.n])),
  };
}

/** The products a Review counts for, before and after a change. */
export function productsOf(...reviews: Array<Review | undefined>): string[] {
  const ids = reviews.flatMap((review) => (review?.target?.typeId === 'product' ? [review.target.id] : []));
  return [...new Set(ids)];
}

/**
 * Recomputes a Product's `reviewRatingStatistics` from the Reviews that count (included in statistics, with
 * a rating). The product's row is locked first and the Reviews read after, so of two recomputations the later
 * one sees every Review committed before it: the last write is always complete. The product's version rises
 * (its projections are rewritten with it), as for any other change of the document.
 */
export async function refreshRatingStatistics(
  db: DataSource,
  ctx: RequestContext,
  productId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx.query<{ doc: Product }[]>(
      `SELECT doc FROM ${productsTable.table} WHERE project_key = $1 AND id = $2 FOR UPDATE`,
      [ctx.projectKey, productId],
    );
    const product = locked[0]?.doc;
    if (!product) return;
    const rows = await tx.query<RatingRow[]>(
      `SELECT (doc->>'rating')::int AS rating, count(*)::int AS n FROM ${reviewsTable.table}
       WHERE project_key = $1 AND doc->'target'->>'id' = $2 AND doc->'target'->>'typeId' = 'product'
         AND (doc->>'includedInStatistics')::boolean AND doc ? 'rating'
       GROUP BY 1 ORDER BY 1`,
      [ctx.projectKey, productId],
    );
    const statistics = statisticsOf(rows);
    if (JSON.stringify(statistics) === JSON.stringify(product.reviewRatingStatistics)) return;
    const { reviewRatingStatistics: _old, ...rest } = product;
    const next: Product = {
      ...rest,
      ...(statistics ? { reviewRatingStatistics: statistics } : {}),
      version: product.version + 1,
      lastModifiedAt: new Date().toISOString(),
    };
    await productsTable.replace(tx, ctx.projectKey, next, product.version);
  });
}
