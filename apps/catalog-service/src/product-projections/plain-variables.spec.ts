import { withPlainVariables } from './plain-variables.js';

describe(withPlainVariables.name, () => {
  it('adds the variables the predicate names from plain parameters', () => {
    expect(withPlainVariables({ where: 'masterVariant(sku in :sku)', sku: 'a' })).toEqual({
      where: 'masterVariant(sku in :sku)',
      sku: 'a',
      'var.sku': 'a',
    });
  });

  it('keeps var. parameters and ignores parameters the predicate does not name', () => {
    expect(withPlainVariables({ where: 'key = :k', k: 'plain', 'var.k': 'prefixed', other: 'x' })).toEqual({
      where: 'key = :k',
      k: 'plain',
      'var.k': 'prefixed',
      other: 'x',
    });
    expect(withPlainVariables({ where: 'key = :missing' })).toEqual({ where: 'key = :missing' });
    // A query arrives as JSON: a name of Object.prototype's members is no parameter of it.
    const where = 'key = :valueOf or key = :constructor';
    expect(withPlainVariables(JSON.parse(JSON.stringify({ where })))).toEqual({ where });
  });
});
