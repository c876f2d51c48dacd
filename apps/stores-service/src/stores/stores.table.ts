import { StoreShape, type Store } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const storesTable = new DocumentTable<Store>('"stores"."stores"', querySchemaOf(StoreShape));
