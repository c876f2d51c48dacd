import { comparatorFor, mergePages } from './merge-pages.js';

type Item = { id: string };
const page = (results: Item[], total = results.length) => ({
  limit: 20,
  offset: 0,
  count: results.length,
  total,
  results,
});

describe(mergePages.name, () => {
  const a = [
    { id: 'a1', createdAt: '2026-01-01T00:00:01.000Z', sequenceNumber: 1 },
    { id: 'a2', createdAt: '2026-01-01T00:00:03.000Z', sequenceNumber: 2 },
  ];
  const b = [
    { id: 'b1', createdAt: '2026-01-01T00:00:02.000Z', sequenceNumber: 1 },
    { id: 'b2', createdAt: '2026-01-01T00:00:04.000Z', sequenceNumber: 2 },
  ];

  it('merges sorted sources and pages the result', () => {
    const merged = mergePages([page(a), page(b)], ['createdAt asc'], {
      offset: 1,
      limit: 2,
      withTotal: true,
    });
    expect(merged.results.map((m) => m.id)).toEqual(['b1', 'a2']);
    expect(merged).toMatchObject({ offset: 1, limit: 2, count: 2, total: 4 });
  });

  it('honours descending order and tiebreaks on id', () => {
    const merged = mergePages([page(a), page(b)], ['sequenceNumber desc'], {
      offset: 0,
      limit: 10,
      withTotal: false,
    });
    expect(merged.results.map((m) => m.id)).toEqual(['a2', 'b2', 'a1', 'b1']);
    expect(merged.total).toBeUndefined();
  });
});

describe(comparatorFor.name, () => {
  it('orders text case-sensitively by code point and missing values last', () => {
    const items = [{ id: '1', t: 'b' }, { id: '2', t: 'B' }, { id: '3' }, { id: '4', t: 'a' }];
    expect(items.sort(comparatorFor(['t asc'])).map((i) => i.id)).toEqual(['2', '4', '1', '3']);
  });
});
