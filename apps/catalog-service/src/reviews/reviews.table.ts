import type { Review } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a Review that `where` and `sort` may name. */
export const reviewQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  uniquenessValue: text,
  locale: text,
  authorName: text,
  title: text,
  text,
  target: { type: 'reference' },
  includedInStatistics: { type: 'boolean' },
  rating: { type: 'number' },
  state: { type: 'reference' },
  customer: { type: 'reference' },
  custom: {
    type: 'object',
    fields: { type: { type: 'reference' }, fields: { type: 'map', of: { type: 'any' } } },
  },
};

export const reviewsTable = new DocumentTable<Review>('"catalog"."reviews"', reviewQuerySchema);
