import { StateShape, type State } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const statesTable = new DocumentTable<State>('"catalog"."states"', querySchemaOf(StateShape));
