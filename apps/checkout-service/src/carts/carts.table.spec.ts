import { compileWhereForPlan, SqlParams } from '@commerce/query';
import { cartsTable } from './carts.table.js';

const compiled = (where: string) => {
  const params = new SqlParams(1);
  return { sql: compileWhereForPlan([where], {}, cartsTable.schema, params).sql, values: params.values };
};

describe('cartsTable', () => {
  it.each([
    ['customerId = "c-1"', '"customer_id" = $2', ['c-1']],
    ['anonymousId = "a-1"', '"anonymous_id" = $2', ['a-1']],
    ['store(key = "s-1")', '"store_key" = $2', ['s-1']],
    ['customerId != "c-1"', '("customer_id" = $2) IS NOT TRUE', ['c-1']],
  ])('asks %s of its generated column', (where, sql, values) => {
    expect(compiled(where)).toEqual({ sql, values });
  });

  it('asks any other field of the document', () => {
    expect(compiled('cartState = "Active"')).toEqual({
      sql: 'doc @> $2::jsonb',
      values: ['{"cartState":"Active"}'],
    });
    expect(compiled('store(typeId = "store")').sql).toBe('doc @> $2::jsonb');
  });
});
