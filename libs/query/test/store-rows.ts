/** Twenty Store-like documents for the database tests: one field of every kind, with gaps on purpose. */

type Doc = Record<string, unknown>;

export interface StoreRow {
  id: string;
  key: string | null;
  version: number;
  createdAt: string;
  lastModifiedAt: string;
  doc: Doc;
}

const ch = (id: string) => ({ typeId: 'channel', id });
const type = (id: string) => ({ typeId: 'type', id });
const point = (lng: number, lat: number) => ({ type: 'Point', coordinates: [lng, lat] });
const custom = (typeId: string, fields: Doc) => ({ type: type(typeId), fields });

const stores: [string | null, number, Doc][] = [
  [
    'berlin',
    1,
    {
      name: { en: 'Berlin', de: 'Berlin' },
      languages: ['en', 'de'],
      countries: [{ code: 'DE', region: 'EU' }],
      distributionChannels: [ch('c1'), ch('c2')],
      custom: custom('t1', {
        color: 'red',
        size: 5,
        tags: ['a', 'b'],
        flag: true,
        label: { en: 'Flagship' },
      }),
      geoLocation: point(13.405, 52.52),
      rating: 4.5,
      active: true,
      openedAt: '2020-01-15T09:00:00.000Z',
      openingDate: '2020-01-15',
      opensAt: '09:00:00.000',
      address: { country: 'DE', city: 'Berlin' },
      scores: [1, 5],
    },
  ],
  [
    'potsdam',
    2,
    {
      name: { en: 'Potsdam' },
      languages: ['de'],
      countries: [{ code: 'DE' }],
      distributionChannels: [ch('c1')],
      custom: custom('t1', { color: 'blue', size: 10, tags: ['b'] }),
      geoLocation: point(13.06, 52.39),
      rating: 3,
      active: false,
      openedAt: '2020-06-01T12:00:00.000Z',
      openingDate: '2020-06-01',
      opensAt: '10:00:00.000',
      address: { country: 'DE', city: 'Potsdam' },
      scores: [2],
    },
  ],
  [
    'munich',
    3,
    {
      name: { en: 'Munich', de: 'München' },
      languages: ['de', 'en'],
      countries: [
        { code: 'DE', region: 'EU' },
        { code: 'AT', region: 'ALPS' },
      ],
      distributionChannels: [ch('c2')],
      custom: custom('t2', { color: 'RED', size: 7.5 }),
      geoLocation: point(11.576, 48.137),
      rating: 4.9,
      active: true,
      openedAt: '2019-03-01T08:00:00.000Z',
      openingDate: '2019-03-01',
      opensAt: '08:00:00.000',
      address: { country: 'DE', city: 'Munich' },
      scores: [9],
    },
  ],
  [
    'hamburg',
    1,
    {
      name: { en: 'Hamburg' },
      languages: [],
      countries: [{ code: 'DE', region: 'NORTH' }],
      distributionChannels: [],
      geoLocation: point(9.993, 53.551),
      active: true,
      openedAt: '2021-02-01T10:00:00.000Z',
      address: { country: 'DE', city: 'Hamburg' },
      scores: [],
    },
  ],
  [
    'paris',
    5,
    {
      name: { en: 'Paris', fr: 'Paris' },
      languages: ['fr'],
      countries: [{ code: 'FR', region: 'EU' }],
      distributionChannels: [ch('c3')],
      custom: custom('t1', { tags: ['c'], flag: false, size: 'large' }),
      geoLocation: point(2.352, 48.857),
      rating: 2.5,
      active: false,
      openedAt: '2018-05-05T05:05:05.000Z',
      openingDate: '2018-05-05',
      address: { country: 'FR', city: 'Paris' },
      scores: [3, 4],
    },
  ],
  [
    'vienna',
    1,
    {
      name: { de: 'Wien', en: 'Vienna' },
      countries: [{ code: 'AT' }],
      distributionChannels: [ch('c1'), ch('c3')],
      geoLocation: point(16.373, 48.208),
      rating: 4,
      active: true,
      address: { country: 'AT', city: 'Vienna' },
    },
  ],
  [
    'london',
    2,
    {
      name: { en: 'London' },
      languages: ['en'],
      countries: [{ code: 'GB', region: 'EU' }],
      distributionChannels: [ch('c2')],
      custom: custom('t2', { color: 'green' }),
      rating: 3.5,
      active: true,
      openedAt: '2022-01-01T00:00:00.000Z',
      address: { country: 'GB', city: 'London' },
    },
  ],
  [
    'new-york',
    4,
    {
      name: { en: 'New York' },
      languages: ['en', 'es'],
      countries: [{ code: 'US', region: 'NA' }],
      distributionChannels: [],
      geoLocation: point(-74.006, 40.713),
      rating: 5,
      active: true,
      openedAt: '2017-07-04T16:00:00.000Z',
      address: { country: 'US', city: 'New York' },
    },
  ],
  [
    'sydney',
    1,
    {
      name: { en: 'Sydney' },
      languages: ['en'],
      countries: [{ code: 'AU' }],
      geoLocation: point(151.209, -33.868),
      rating: 1,
      active: false,
      address: { country: 'AU', city: 'Sydney' },
    },
  ],
  [null, 1, { name: { en: 'Unnamed' }, languages: ['en'], countries: [] }],
  [
    'cologne',
    2,
    {
      name: { en: 'Cologne', de: 'Köln' },
      languages: ['de'],
      countries: [{ code: 'DE', region: 'EU' }],
      distributionChannels: [ch('c1')],
      custom: custom('t1', { color: 'red', size: 3 }),
      geoLocation: point(6.96, 50.94),
      rating: 3.9,
      active: true,
      address: { country: 'DE', city: 'Cologne' },
    },
  ],
  [
    'frankfurt',
    3,
    {
      name: { en: 'Frankfurt' },
      languages: ['de', 'en', 'fr'],
      countries: [{ code: 'DE', region: 'EU' }],
      distributionChannels: [ch('c2'), ch('c3')],
      geoLocation: point(8.682, 50.11),
      rating: 4.1,
      active: false,
      address: { country: 'DE', city: 'Frankfurt' },
    },
  ],
  [
    'zurich',
    1,
    {
      name: { en: 'Zurich', de: 'Zürich', fr: 'Zurich' },
      languages: ['de', 'fr', 'it'],
      countries: [{ code: 'CH' }],
      custom: custom('t2', { color: 'white' }),
      geoLocation: point(8.541, 47.377),
      rating: 4.7,
      address: { country: 'CH', city: 'Zurich' },
    },
  ],
  [
    'rome',
    2,
    {
      name: { it: 'Roma', en: 'Rome' },
      languages: ['it'],
      countries: [{ code: 'IT', region: 'EU' }],
      geoLocation: point(12.496, 41.903),
      rating: 3.3,
      active: true,
    },
  ],
  [
    'madrid',
    3,
    {
      name: { es: 'Madrid', en: 'Madrid' },
      languages: ['es'],
      countries: [{ code: 'ES', region: 'EU' }],
      rating: 2,
      active: false,
    },
  ],
  [
    'tokyo',
    4,
    {
      name: { ja: '東京', en: 'Tokyo' },
      languages: ['ja', 'en'],
      countries: [{ code: 'JP' }],
      geoLocation: point(139.692, 35.69),
      rating: 4.8,
    },
  ],
  [
    'oslo',
    5,
    {
      name: { en: 'Oslo' },
      languages: ['no'],
      countries: [{ code: 'NO', region: 'NORTH' }],
      rating: 3.8,
      active: true,
    },
  ],
  [
    'dublin',
    1,
    {
      name: { en: 'Dublin', ga: 'Baile Átha Cliath' },
      languages: ['en', 'ga'],
      countries: [{ code: 'IE', region: 'EU' }],
      distributionChannels: [ch('c1')],
      rating: 4.2,
    },
  ],
  [
    'lisbon',
    2,
    {
      name: { en: 'Lisbon', pt: 'Lisboa' },
      languages: ['pt'],
      countries: [{ code: 'PT', region: 'EU' }],
      rating: 4.4,
      active: true,
    },
  ],
  [
    'prague',
    3,
    {
      name: { en: 'Prague', cs: 'Praha' },
      languages: ['cs', 'de'],
      countries: [{ code: 'CZ', region: 'EU' }],
      rating: 4,
      active: false,
    },
  ],
];

export const storeRows: StoreRow[] = stores.map(([key, version, fields], index) => {
  const day = String(index + 1).padStart(2, '0');
  const id = `s${day}`;
  const createdAt = `2021-01-${day}T12:00:00.000Z`;
  const lastModifiedAt = `2021-02-${day}T12:00:00.000Z`;
  const base = { id, version, createdAt, lastModifiedAt, ...(key === null ? {} : { key }) };
  return { id, key, version, createdAt, lastModifiedAt, doc: { ...base, ...fields } };
});

/** The row's key, or its id when it has no key. */
export const label = (row: StoreRow): string => row.key ?? row.id;
