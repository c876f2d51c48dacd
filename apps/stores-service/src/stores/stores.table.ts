import type { Store } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { storeQuerySchema } from './store.schema.js';

export const storesTable = new DocumentTable<Store>('"stores"."stores"', storeQuerySchema);
