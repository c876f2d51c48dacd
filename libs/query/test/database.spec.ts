import { generatedPredicateCases } from './generated.cases.js';
import { sortCases } from './sort.cases.js';
import { StoreTable } from './store-table.js';
import { whereCases } from './where.cases.js';

/** One in-memory PostgreSQL  for every database test: starting one takes seconds. */
let table: StoreTable;

beforeAll(async () => {
  table = await StoreTable.create();
}, 60_000);

afterAll(async () => {
  await table.close();
});

whereCases(() => table);
sortCases(() => table);
generatedPredicateCases(() => table);
