import { ApiError } from '@commerce/errors';
import { compileWhere } from '../src/index.js';
import { label, storeRows } from './store-rows.js';
import type { StoreTable } from './store-table.js';

const all = storeRows.map(label);
const except = (...keys: string[]) => all.filter((key) => !keys.includes(key));

/** Real predicates against the Store rows, each with exactly the keys it must return. */
export function whereCases(database: () => StoreTable): void {
  describe(`${compileWhere.name} against PostgreSQL `, () => {
    let table: StoreTable;
    beforeAll(() => {
      table = database();
    });

    it.each<[string, string[]]>([
      ['key = "berlin"', ['berlin']],
      ['key <> "berlin"', except('berlin')],
      ['key != "berlin"', except('berlin')],
      ['key not in ("berlin", "munich")', except('berlin', 'munich')],
      ['key is not defined', ['s10']],
      ['id = "s03"', ['munich']],
      ['id > "s17"', ['dublin', 'lisbon', 'prague']],
      ['name(en = "Munich")', ['munich']],
      ['name(de = "München")', ['munich']],
      ['name(ja = "東京")', ['tokyo']],
      ['name(de is defined)', ['berlin', 'munich', 'vienna', 'cologne', 'zurich']],
      ['name(de is not defined)', except('berlin', 'munich', 'vienna', 'cologne', 'zurich')],
      ['name(en < "C")', ['berlin']],
      ['name(en matches ignore case "NEW YORK")', ['new-york']],
      ['languages = "fr"', ['paris', 'frankfurt', 'zurich']],
      ['languages contains any ("fr", "it")', ['paris', 'frankfurt', 'zurich', 'rome']],
      ['languages contains all ("de", "en")', ['berlin', 'munich', 'frankfurt']],
      ['languages contains all ("de", "en", "fr")', ['frankfurt']],
      ['languages not in ("en", "de")', ['hamburg', 'paris', 'vienna', 'rome', 'madrid', 'oslo', 'lisbon']],
      ['languages is empty', ['hamburg', 'vienna']],
      ['languages is not empty', except('hamburg', 'vienna')],
      ['countries(code = "DE" and region = "EU")', ['berlin', 'munich', 'cologne', 'frankfurt']],
      ['countries(code = "AT" and region = "EU")', []],
      ['countries(code = "AT")', ['munich', 'vienna']],
      ['countries(code = "DE") and countries(code = "AT")', ['munich']],
      ['countries(code = "DE" and not (region = "EU"))', ['potsdam', 'hamburg']],
      ['countries(code = "DE" and region is not defined)', ['potsdam']],
      ['countries(region in ("NA", "NORTH"))', ['hamburg', 'new-york', 'oslo']],
      ['countries is empty', ['s10']],
      ['distributionChannels(id = "c3")', ['paris', 'vienna', 'frankfurt']],
      [
        'distributionChannels(typeId = "channel" and id = "c1") and distributionChannels(id = "c2")',
        ['berlin'],
      ],
      ['distributionChannels is empty and address is defined', ['hamburg', 'new-york', 'sydney', 'zurich']],
      ['custom(fields(color = "red"))', ['berlin', 'cologne']],
      ['custom(fields(color matches ignore case "red"))', ['berlin', 'munich', 'cologne']],
      ['custom(fields(color in ("blue", "green")))', ['potsdam', 'london']],
      ['name(en in ("Berlin", "Paris", "Nowhere"))', ['berlin', 'paris']],
      ['name(en in ("a\\"b\\\\c\\u00e9", "Berlin"))', ['berlin']],
      ['name(en not in ("Berlin", "Paris"))', except('berlin', 'paris')],
      ['rating in (4.50, 3)', ['berlin', 'potsdam']],
      ['name(de in ("München", "Köln"))', ['munich', 'cologne']],
      ['custom(fields(size > 4))', ['berlin', 'potsdam', 'munich']],
      ['custom(fields(size = 7.50))', ['munich']],
      ['custom(fields(size > "a"))', ['paris']],
      ['custom(fields(flag = false))', ['paris']],
      ['custom(fields(flag != true))', except('berlin')],
      ['custom(fields(label(en = "Flagship")))', ['berlin']],
      ['custom(fields(tags contains any ("b", "c")))', ['berlin', 'potsdam', 'paris']],
      ['custom(fields(tags contains all ("a", "b")))', ['berlin']],
      ['custom(fields(tags is empty)) and custom is defined', ['munich', 'london', 'cologne', 'zurich']],
      ['custom(type(id = "t2"))', ['munich', 'london', 'zurich']],
      [
        'custom is not defined',
        except('berlin', 'potsdam', 'munich', 'paris', 'london', 'cologne', 'zurich'),
      ],
      ['rating >= 4.5', ['berlin', 'munich', 'new-york', 'zurich', 'tokyo']],
      ['rating < 2.5', ['sydney', 'madrid']],
      ['rating != 4', except('vienna', 'prague')],
      ['rating is not defined', ['hamburg', 's10']],
      ['active = false', ['potsdam', 'paris', 'sydney', 'frankfurt', 'madrid', 'prague']],
      [
        'not (active = true)',
        ['potsdam', 'paris', 'sydney', 's10', 'frankfurt', 'zurich', 'madrid', 'tokyo', 'dublin', 'prague'],
      ],
      ['openedAt >= "2020-01-01T00:00:00Z"', ['berlin', 'potsdam', 'hamburg', 'london']],
      ['openedAt < "2019-03-01T09:00:00+01:00"', ['paris', 'new-york']],
      ['openingDate > "2019-03-01"', ['berlin', 'potsdam']],
      ['opensAt <= "09:00"', ['berlin', 'munich']],
      ['createdAt > "2021-01-15T12:00:00.000Z"', ['tokyo', 'oslo', 'dublin', 'lisbon', 'prague']],
      ['lastModifiedAt <= "2021-02-02T12:00:00Z"', ['berlin', 'potsdam']],
      ['version in (4, 5)', ['paris', 'new-york', 'tokyo', 'oslo']],
      ['version > 3 and version <= 5 and key != "oslo"', ['paris', 'new-york', 'tokyo']],
      ['address(country = "DE" and city >= "H")', ['potsdam', 'munich', 'hamburg']],
      ['address(city <> "Berlin")', except('berlin')],
      ['scores > 4', ['berlin', 'munich']],
      ['scores contains all (3, 4)', ['paris']],
      ['geoLocation within circle(13.405, 52.52, 1000)', ['berlin']],
      ['geoLocation within circle(13.405, 52.52, 50000)', ['berlin', 'potsdam']],
      ['geoLocation is not defined', ['london', 's10', 'madrid', 'oslo', 'dublin', 'lisbon', 'prague']],
      ['key = "berlin" or key = "paris" and active = true', ['berlin']],
      ['(key = "berlin" or key = "paris") and active = false', ['paris']],
      [
        'not (name(en = "Berlin") or rating < 4)',
        [
          'hamburg',
          'munich',
          'vienna',
          'new-york',
          's10',
          'frankfurt',
          'zurich',
          'tokyo',
          'dublin',
          'lisbon',
          'prague',
        ],
      ],
    ])('%s', async (where, expected) => {
      expect(await table.keys({ where: [where] })).toEqual([...expected].sort(byRow));
    });

    it('answers input variables, several values included', async () => {
      const vars = {
        keys: ['berlin', 'paris'],
        name: ['Tokyo'],
        n: ['4'],
        flag: ['false'],
        when: ['2020-01-01T00:00:00Z'],
      };
      const keys = (where: string) => table.keys({ where: [where], vars });
      expect(await keys('key in :keys')).toEqual(['berlin', 'paris']);
      expect(await keys('key not in :keys')).toEqual(except('berlin', 'paris'));
      expect(await keys('name(en = :name)')).toEqual(['tokyo']);
      expect(await keys('version = :n')).toEqual(['new-york', 'tokyo']);
      expect(await keys('custom(fields(flag = :flag))')).toEqual([]);
      expect(await keys('openedAt > :when and active = true')).toEqual(['berlin', 'hamburg', 'london']);
    });

    it('ANDs several where parameters', async () => {
      expect(await table.keys({ where: ['countries(code = "DE")', 'rating > 4'] })).toEqual([
        'berlin',
        'munich',
        'frankfurt',
      ]);
    });

    it('finds the points within a circle by great-circle distance', async () => {
      const paris = await table.keys({ where: ['geoLocation within circle(2.352, 48.857, 1000000)'] });
      expect(paris).toEqual([
        'berlin',
        'potsdam',
        'munich',
        'hamburg',
        'paris',
        'cologne',
        'frankfurt',
        'zurich',
      ]);
      expect(await table.keys({ where: ['geoLocation within circle(151.2, -33.87, 10000)'] })).toEqual([
        'sydney',
      ]);
      expect(await table.keys({ where: ['geoLocation within circle(0, 0, 0)'] })).toEqual([]);
    });

    it('answers the same with containment off', async () => {
      const wheres = [
        'countries(code = "DE" and region = "EU")',
        'custom(fields(tags contains all ("a", "b")))',
        'languages contains any ("fr", "it")',
        'distributionChannels(id = "c3") and name(en = "Paris")',
      ];
      for (const where of wheres) {
        const structural = await table.keys({ where: [where], options: { containment: false } });
        expect(structural).toEqual(await table.keys({ where: [where] }));
      }
    });

    it('rejects invalid predicates with a 400 before reaching the database', async () => {
      await expect(table.keys({ where: ['nope = 1'] })).rejects.toBeInstanceOf(ApiError);
      await expect(table.keys({ where: ['version = "x"'] })).rejects.toMatchObject({ status: 400 });
      await expect(table.keys({ where: ['key = :missing'] })).rejects.toMatchObject({
        message: 'Malformed parameter: where: Missing parameter value for missing',
      });
    });
  });
}

function byRow(a: string, b: string): number {
  return all.indexOf(a) - all.indexOf(b);
}
