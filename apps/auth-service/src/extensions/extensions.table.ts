import { ExtensionShape, type Extension } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const extensionsTable = new DocumentTable<Extension>(
  '"auth"."extensions"',
  querySchemaOf(ExtensionShape),
);
