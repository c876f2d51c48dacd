import { SubscriptionShape, type Subscription } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const subscriptionsTable = new DocumentTable<Subscription>(
  '"auth"."subscriptions"',
  querySchemaOf(SubscriptionShape),
);
