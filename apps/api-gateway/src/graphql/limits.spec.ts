import { buildSchema, parse, validate } from 'graphql';
import { MAX_COMPLEXITY, complexityRule } from './limits.js';
import { MUTATIONS_SDL } from './schema/mutations.sdl.js';
import { TYPES_SDL } from './schema/types.sdl.js';

const schema = buildSchema(`${TYPES_SDL}\n${MUTATIONS_SDL}`);

function errorsOf(query: string, variables?: Record<string, unknown>) {
  return validate(schema, parse(query), [complexityRule(variables)]).map((error) => error.message);
}

describe('query complexity', () => {
  it('accepts ordinary queries, also a full page with nested references', () => {
    expect(errorsOf('{ store(key: "a") { id distributionChannels { key } } }')).toEqual([]);
    expect(
      errorsOf('{ stores(limit: 500) { total results { id key distributionChannels { key } } } }'),
    ).toEqual([]);
  });

  it('counts the page size, from a literal or a variable', () => {
    const query = 'query ($n: Int) { a: stores(limit: $n) { results { id key name(locale: "en") } } }';
    expect(errorsOf(query, { n: 20 })).toEqual([]);
    const aliases = Array.from({ length: 6 }, (_, i) => `s${i}: stores(limit: $n) { results { id key } }`);
    expect(errorsOf(`query ($n: Int) { ${aliases.join(' ')} }`, { n: 500 })[0]).toMatch(
      new RegExp(`too complex: its cost is \\d+, the limit is ${MAX_COMPLEXITY}`),
    );
    expect(errorsOf(`query ($n: Int) { ${aliases.join(' ')} }`, { n: 10 })).toEqual([]);
  });

  it('multiplies nested pages', () => {
    expect(
      errorsOf('{ inStore(key: "a") { customers(limit: 500) { results { id email stores { key } } } } }'),
    ).toEqual([]);
    const nested = Array.from(
      { length: 10 },
      (_, i) => `c${i}: customers(limit: 500) { results { id email } }`,
    );
    expect(errorsOf(`{ inStore(key: "a") { ${nested.join(' ')} } }`)).toHaveLength(1);
  });
});
