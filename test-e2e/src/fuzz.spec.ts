import fc from 'fast-check';
import { api } from './support/api.js';

/** Whatever a client sends as query parameters, the answer is a success or a 4xx: never a server error. */
describe('hostile query parameters', () => {
  const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 120 });
  const predicateLike = fc
    .array(
      fc.constantFrom(
        'key',
        'name(en',
        ')',
        '(',
        '=',
        '"x"',
        ':v',
        'and',
        'or',
        'not',
        'in',
        'is',
        'defined',
        'contains any',
        '1',
        'true',
        ',',
        'within circle',
        '<>',
        '>',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(' '));

  it('never answers 5xx to random where, sort, limit and expand', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(printable, predicateLike),
        printable,
        printable,
        async (where, sort, expand) => {
          const query = new URLSearchParams({
            where,
            sort,
            expand,
            limit: String(where.length % 600),
            'var.v': sort,
          });
          const response = await api.get(`stores?${query.toString()}`);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(response.body.errors[0].code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 150 },
    );
  });
});
