import fc from 'fast-check';
import {
  quoted,
  comparison,
  equality,
  integer,
  decimal,
  bool,
  datetime,
  date,
  time,
  list,
  membership,
  contains,
  defined,
  empty,
  t,
  combine,
} from './predicate-parts.js';

/** Random valid predicates over the Store test schema, every operator and field kind included. */

const keys = quoted('berlin', 'paris', 'munich', 'oslo', 'nowhere', '');
const locales = fc.constantFrom('en', 'de', 'fr', 'ja', 'xx');
const names = quoted('Berlin', 'München', 'Paris', 'Tokyo', 'M', 'berlin', 'Z');
const languages = quoted('en', 'de', 'fr', 'it', 'es', 'zz');
const codes = quoted('DE', 'AT', 'FR', 'US', 'XX');
const regions = quoted('EU', 'NORTH', 'ALPS', 'NA');
const colors = quoted('red', 'RED', 'blue', 'green', 'white');

const countryAtom = fc.oneof(
  t(equality, codes).map(([op, v]) => `code ${op} ${v}`),
  t(membership, list(codes)).map(([op, v]) => `code ${op} ${v}`),
  t(comparison, regions).map(([op, v]) => `region ${op} ${v}`),
  defined.map((d) => `region ${d}`),
);

const customFieldAtom = fc.oneof(
  t(equality, colors).map(([op, v]) => `color ${op} ${v}`),
  colors.map((v) => `color matches ignore case ${v}`),
  t(comparison, decimal).map(([op, v]) => `size ${op} ${v}`),
  t(comparison, quoted('a', 'large', 'z')).map(([op, v]) => `size ${op} ${v}`),
  t(contains, list(quoted('a', 'b', 'c', 'd'))).map(([op, v]) => `tags ${op} ${v}`),
  t(equality, bool).map(([op, v]) => `flag ${op} ${v}`),
  names.map((v) => `label(en = ${v})`),
  t(
    fc.constantFrom('color', 'size', 'tags', 'nope'),
    fc.constantFrom('is defined', 'is not defined', 'is empty', 'is not empty'),
  ).map(([f, op]) => `${f} ${op}`),
);

const atom = fc.oneof(
  t(comparison, keys).map(([op, v]) => `key ${op} ${v}`),
  t(membership, list(keys)).map(([op, v]) => `key ${op} ${v}`),
  fc.constantFrom(
    'key in :keys',
    'key not in :keys',
    'key = :one',
    'version = :n',
    'id > :last',
    'createdAt > :when',
  ),
  t(comparison, quoted('s01', 's05', 's10', 's20')).map(([op, v]) => `id ${op} ${v}`),
  t(comparison, integer).map(([op, v]) => `version ${op} ${v}`),
  t(membership, list(integer)).map(([op, v]) => `version ${op} ${v}`),
  t(fc.constantFrom('createdAt', 'lastModifiedAt', 'openedAt'), comparison, datetime).map(
    ([f, op, v]) => `${f} ${op} ${v}`,
  ),
  t(comparison, date).map(([op, v]) => `openingDate ${op} ${v}`),
  t(comparison, time).map(([op, v]) => `opensAt ${op} ${v}`),
  t(locales, comparison, names).map(([l, op, v]) => `name(${l} ${op} ${v})`),
  t(locales, names).map(([l, v]) => `name(${l} matches ignore case ${v})`),
  t(locales, defined).map(([l, d]) => `name(${l} ${d})`),
  t(contains, list(languages)).map(([op, v]) => `languages ${op} ${v}`),
  t(equality, languages).map(([op, v]) => `languages ${op} ${v}`),
  t(membership, list(languages)).map(([op, v]) => `languages ${op} ${v}`),
  t(fc.constantFrom('languages', 'distributionChannels', 'scores', 'countries'), empty).map(
    ([f, op]) => `${f} ${op}`,
  ),
  combine(countryAtom, 2).map((p) => `countries(${p})`),
  t(equality, quoted('c1', 'c2', 'c3', 'c9')).map(([op, v]) => `distributionChannels(id ${op} ${v})`),
  quoted('c1', 'c2').map((v) => `distributionChannels(typeId = "channel" and id = ${v})`),
  fc
    .constantFrom('(active = true)', '(productSelection(id = "p") and active = false)', ' is empty')
    .map((p) => `productSelections${p}`),
  fc.constantFrom('(id = "c1")', '(typeId != "channel")', ' is not empty').map((p) => `supplyChannels${p}`),
  combine(customFieldAtom, 2).map((p) => `custom(fields(${p}))`),
  quoted('t1', 't2').map((v) => `custom(type(id = ${v}))`),
  t(comparison, decimal).map(([op, v]) => `rating ${op} ${v}`),
  t(equality, bool).map(([op, v]) => `active ${op} ${v}`),
  t(comparison, quoted('Berlin', 'H', 'Munich')).map(
    ([op, v]) => `address(city ${op} ${v} and country = "DE")`,
  ),
  t(comparison, decimal).map(([op, v]) => `scores ${op} ${v}`),
  t(contains, list(integer)).map(([op, v]) => `scores ${op} ${v}`),
  t(
    fc.double({ min: -180, max: 180, noNaN: true }),
    fc.double({ min: -90, max: 90, noNaN: true }),
    fc.integer({ min: 0, max: 20_000_000 }),
  ).map(([lng, lat, r]) => `geoLocation within circle(${lng.toFixed(3)}, ${lat.toFixed(3)}, ${r})`),
  t(
    fc.constantFrom(
      'key',
      'name',
      'rating',
      'custom',
      'geoLocation',
      'address',
      'createdBy',
      'openedAt',
      'languages',
    ),
    defined,
  ).map(([f, d]) => `${f} ${d}`),
  fc.constantFrom('createdBy(clientId = "c")', 'geoLocation(type = "Point")', 'address(zip is defined)'),
);

export const validPredicate: fc.Arbitrary<string> = combine(atom, 3);

export const predicateVars = {
  keys: ['berlin', 'oslo'],
  one: ['paris'],
  n: ['2'],
  last: ['s10'],
  when: ['2021-01-05T00:00:00Z'],
};
