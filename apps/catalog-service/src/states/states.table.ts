import type { State } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { stateQuerySchema } from './state.schema.js';

export const statesTable = new DocumentTable<State>('"catalog"."states"', stateQuerySchema);
