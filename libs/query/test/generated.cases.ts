import fc from 'fast-check';
import { compileWhere, SqlParams } from '../src/index.js';
import { wellFormedPredicate } from './hostile-arbitrary.js';
import { succeedsOr400 } from './succeeds-or-400.js';
import { predicateVars, validPredicate } from './predicate-arbitrary.js';
import { storeSchema } from './store-schema.js';
import { label, storeRows } from './store-rows.js';
import type { StoreTable } from './store-table.js';

/** Property tests on generated predicates against the Store rows. */
export function generatedPredicateCases(database: () => StoreTable): void {
  describe('generated predicates against PostgreSQL ', () => {
    let table: StoreTable;
    const all = storeRows.map(label);

    beforeAll(() => {
      table = database();
    });

    it('run without error, agree with and without containment, and not(P) is the complement of P', async () => {
      await fc.assert(
        fc.asyncProperty(validPredicate, async (where) => {
          const matches = await table.keys({ where: [where], vars: predicateVars });
          const structural = await table.keys({
            where: [where],
            vars: predicateVars,
            options: { containment: false },
          });
          const complement = await table.keys({ where: [`not (${where})`], vars: predicateVars });
          expect(structural).toEqual(matches);
          expect(complement).toEqual(all.filter((key) => !matches.includes(key)));
        }),
        { numRuns: 300 },
      );
    }, 60_000);

    it('compile whatever they accept into SQL that runs', async () => {
      let compiled = 0;
      await fc.assert(
        fc.asyncProperty(wellFormedPredicate, async (where) => {
          let sql: string | undefined;
          succeedsOr400(() => (sql = compileWhere([where], predicateVars, storeSchema, new SqlParams(1))));
          if (sql === undefined) return;
          compiled++;
          const matches = await table.keys({ where: [where], vars: predicateVars });
          const complement = await table.keys({ where: [`not (${where})`], vars: predicateVars });
          expect([...matches, ...complement].sort()).toEqual([...all].sort());
        }),
        { numRuns: 2000 },
      );
      expect(compiled).toBeGreaterThan(60);
    }, 60_000);
  });
}
