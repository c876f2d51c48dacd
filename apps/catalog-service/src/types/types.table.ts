import type { Type } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { typeQuerySchema } from './type.schema.js';

export const typesTable = new DocumentTable<Type>('"catalog"."types"', typeQuerySchema);
