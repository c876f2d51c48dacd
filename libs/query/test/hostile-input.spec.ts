import fc from 'fast-check';
import { compileSort, compileWhere, parseExpand, parseQueryParams, SqlParams } from '../src/index.js';
import { tokens, wellFormedPredicate } from './hostile-arbitrary.js';
import { predicateVars } from './predicate-arbitrary.js';
import { storeSchema } from './store-schema.js';
import { succeedsOr400 } from './succeeds-or-400.js';

const soup = fc.array(fc.constantFrom(...tokens), { maxLength: 25 }).map((parts) => parts.join(' '));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), soup, wellFormedPredicate);

describe('query parameters on hostile input', () => {
  it('compileWhere compiles or answers 400, never anything else', () => {
    fc.assert(
      fc.property(fc.array(anyText, { minLength: 1, maxLength: 2 }), (where) =>
        succeedsOr400(() => compileWhere(where, predicateVars, storeSchema, new SqlParams(1))),
      ),
      { numRuns: 3000 },
    );
  });

  it('compileSort, parseExpand and parseQueryParams answer 400 or succeed', () => {
    fc.assert(
      fc.property(anyText, fc.string(), (text, other) => {
        succeedsOr400(() => compileSort([text], storeSchema));
        succeedsOr400(() => parseExpand([text]));
        return succeedsOr400(() =>
          parseQueryParams({ limit: text, offset: other, withTotal: text, [`var.${other}`]: text }),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
