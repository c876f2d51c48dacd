import { pagingOf } from './paging.js';

const sortable = { key: 'key', createdAt: 'created_at' };

describe(pagingOf.name, () => {
  it('defaults to 20 from 0, and sorts by whitelisted fields before the tie breaker', () => {
    expect(pagingOf({}, sortable, 'id ASC')).toEqual({ limit: 20, offset: 0, orderBy: 'id ASC' });
    expect(
      pagingOf({ limit: '5', offset: '10', sort: ['key desc', 'createdAt'] }, sortable, 'id ASC'),
    ).toEqual({
      limit: 5,
      offset: 10,
      orderBy: 'key DESC, created_at ASC, id ASC',
    });
  });

  it.each([
    [{ limit: '501' }],
    [{ limit: '-1' }],
    [{ offset: '10001' }],
    [{ sort: 'version asc' }],
    [{ sort: 'key; DROP TABLE x' }],
    [{ sort: 'valueOf' }],
    [{ sort: 'constructor desc' }],
  ])('refuses %j', (query) => {
    expect(() => pagingOf(query, sortable, 'id ASC')).toThrow(
      expect.objectContaining({ code: 'InvalidInput' }),
    );
  });
});
