import type { Extension } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { baseResourceSpec, type QuerySchema } from '@commerce/query';

/** The fields of an Extension that `where` and `sort` may name. */
export const extensionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  timeoutInMs: { type: 'number' },
  destination: { type: 'object', fields: { type: { type: 'string' }, url: { type: 'string' } } },
  triggers: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        resourceTypeId: { type: 'string' },
        actions: { type: 'array', of: { type: 'string' } },
        condition: { type: 'string' },
      },
    },
  },
};

export const extensionsTable = new DocumentTable<Extension>('"auth"."extensions"', extensionQuerySchema);
