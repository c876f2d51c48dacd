import type { Subscription } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { baseResourceSpec, type QuerySchema } from '@commerce/query';

/** The fields of a Subscription that `where` and `sort` may name. */
export const subscriptionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  status: { type: 'string' },
  destination: { type: 'object', fields: { type: { type: 'string' } } },
  format: { type: 'object', fields: { type: { type: 'string' } } },
  messages: {
    type: 'array',
    of: { type: 'object', fields: { resourceTypeId: { type: 'string' }, types: { type: 'array', of: { type: 'string' } } } },
  },
  changes: { type: 'array', of: { type: 'object', fields: { resourceTypeId: { type: 'string' } } } },
};

export const subscriptionsTable = new DocumentTable<Subscription>('"auth"."subscriptions"', subscriptionQuerySchema);
