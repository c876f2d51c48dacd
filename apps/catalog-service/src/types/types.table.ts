import { TypeShape, type Type } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const typesTable = new DocumentTable<Type>('"catalog"."types"', querySchemaOf(TypeShape));
