import { RecurrencePolicyShape, type RecurrencePolicy } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const recurrencePoliciesTable = new DocumentTable<RecurrencePolicy>(
  '"checkout"."recurrence_policies"',
  querySchemaOf(RecurrencePolicyShape),
);
