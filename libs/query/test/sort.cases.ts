import { compileSort } from '../src/index.js';
import { label, storeRows } from './store-rows.js';
import type { StoreTable } from './store-table.js';

/** Sorting and deep paging against the Store rows. */
export function sortCases(database: () => StoreTable): void {
  describe(`${compileSort.name} against PostgreSQL `, () => {
    let table: StoreTable;
    beforeAll(() => {
      table = database();
    });

    it('sorts by a number and breaks ties by id', async () => {
      const where = ['rating >= 4 and rating <= 4.5'];
      expect(await table.keys({ where, sort: ['rating desc'] })).toEqual([
        'berlin',
        'lisbon',
        'dublin',
        'frankfurt',
        'vienna',
        'prague',
      ]);
      expect(await table.keys({ where, sort: ['rating asc'] })).toEqual([
        'vienna',
        'prague',
        'frankfurt',
        'dublin',
        'lisbon',
        'berlin',
      ]);
    });

    it('combines several sort expressions in order', async () => {
      const where = ['rating >= 4 and rating <= 4.5'];
      expect(await table.keys({ where, sort: ['rating desc', 'key desc'] })).toEqual([
        'berlin',
        'lisbon',
        'dublin',
        'frankfurt',
        'vienna',
        'prague',
      ]);
      expect(await table.keys({ where, sort: ['rating asc', 'key asc'] })).toEqual([
        'prague',
        'vienna',
        'frankfurt',
        'dublin',
        'lisbon',
        'berlin',
      ]);
    });

    it('sorts by a locale of a localized string, case-sensitively', async () => {
      const names = storeRows.map(
        (row) => [label(row), (row.doc.name as Record<string, string>).en] as const,
      );
      const expected = [...names]
        .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
        .map(([key]) => key);
      expect(await table.keys({ sort: ['name.en asc'] })).toEqual(expected);
      expect(await table.keys({ sort: ['name.en desc'] })).toEqual([...expected].reverse());
    });

    it('sorts by columns, nested objects, datetimes and custom fields', async () => {
      expect(await table.keys({ sort: ['createdAt desc'], limit: 3 })).toEqual([
        'prague',
        'lisbon',
        'dublin',
      ]);
      expect(await table.keys({ where: ['address(country = "DE")'], sort: ['address.city asc'] })).toEqual([
        'berlin',
        'cologne',
        'frankfurt',
        'hamburg',
        'munich',
        'potsdam',
      ]);
      expect(await table.keys({ where: ['openedAt is defined'], sort: ['openedAt asc'], limit: 3 })).toEqual([
        'new-york',
        'paris',
        'munich',
      ]);
      expect(
        await table.keys({ where: ['custom(fields(size is defined))'], sort: ['custom.fields.size desc'] }),
      ).toEqual(['potsdam', 'munich', 'berlin', 'cologne', 'paris']);
    });

    it('puts missing values last when ascending and first when descending', async () => {
      expect((await table.keys({ sort: ['rating asc'] })).slice(-2)).toEqual(['hamburg', 's10']);
      expect((await table.keys({ sort: ['rating desc'] })).slice(0, 2)).toEqual(['hamburg', 's10']);
    });

    it('iterates over everything with sort=id asc and where=id > last', async () => {
      const seen: string[] = [];
      let last: string | undefined;
      for (let page = 0; page < 10; page++) {
        const where = last === undefined ? [] : ['id > :last'];
        const keys = await table.keys({
          where,
          vars: last === undefined ? {} : { last: [last] },
          sort: ['id asc'],
          limit: 6,
        });
        seen.push(...keys);
        if (keys.length < 6) break;
        last = storeRows.find((row) => label(row) === keys[keys.length - 1])?.id;
      }
      expect(seen).toEqual(storeRows.map(label));
    });
  });
}
