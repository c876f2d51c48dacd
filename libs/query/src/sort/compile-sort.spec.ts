import { ApiError } from '@commerce/errors';
import { storeSchema } from '../../test/store-schema.js';
import type { QuerySchema } from '../schema.js';
import { compileSort } from './compile-sort.js';

function errorOf(sort: string[], schema: QuerySchema = storeSchema): ApiError {
  try {
    compileSort(sort, schema);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(sort)} to be rejected`);
}

describe(compileSort.name, () => {
  it.each<[string[], string]>([
    [[], `"id" ASC`],
    [['key asc'], `"key" ASC, "id" ASC`],
    [['key'], `"key" ASC, "id" ASC`],
    [['createdAt desc'], `"created_at" DESC, "id" ASC`],
    [['id desc'], `"id" DESC`],
    [['id asc', 'key desc'], `"id" ASC, "key" DESC`],
    [['version DESC', '  key   Asc  '], `"version" DESC, "key" ASC, "id" ASC`],
    [['name.en asc'], `(doc->'name'->>'en') ASC, "id" ASC`],
    [['name.de-CH desc'], `(doc->'name'->>'de-CH') DESC, "id" ASC`],
    [['rating desc'], `(doc->>'rating')::numeric DESC, "id" ASC`],
    [['active'], `(doc->>'active')::boolean ASC, "id" ASC`],
    [['openedAt desc'], `(doc->>'openedAt')::timestamptz DESC, "id" ASC`],
    [['openingDate'], `(doc->>'openingDate')::date ASC, "id" ASC`],
    [['opensAt'], `(doc->>'opensAt')::time ASC, "id" ASC`],
    [['address.country asc'], `(doc->'address'->>'country') ASC, "id" ASC`],
    [['custom.fields.rank desc'], `doc->'custom'->'fields'->'rank' DESC, "id" ASC`],
    [['custom.fields.label.en'], `doc->'custom'->'fields'->'label'->'en' ASC, "id" ASC`],
    [['custom.type.id'], `(doc->'custom'->'type'->>'id') ASC, "id" ASC`],
    [['createdBy.clientId'], `(doc->'createdBy'->>'clientId') ASC, "id" ASC`],
    [['geoLocation.type'], `(doc->'geoLocation'->>'type') ASC, "id" ASC`],
  ])('compiles %j', (sort, sql) => {
    expect(compileSort(sort, storeSchema)).toBe(sql);
  });

  it('uses the id column of a schema without an id field', () => {
    expect(compileSort(['title asc'], { title: { type: 'string' } })).toBe(`(doc->>'title') ASC, "id" ASC`);
  });

  it.each<[string, string]>([
    ['foo asc', `The field 'foo' does not exist.`],
    ['address.street asc', `The field 'address.street' does not exist.`],
    ['key.x asc', `The field 'key.x' does not exist.`],
    ['constructor asc', `The field 'constructor' does not exist.`],
    [
      'name asc',
      `The field 'name' of type localizedString cannot be sorted on. Sort by one locale, e.g. 'name.en asc'.`,
    ],
    ['languages asc', `The field 'languages' of type array of string cannot be sorted on.`],
    ['address desc', `The field 'address' of type object cannot be sorted on.`],
    [
      'key sideways',
      `Invalid sort expression 'key sideways'. Expected '<field.path> asc' or '<field.path> desc'.`,
    ],
    [
      'key asc desc',
      `Invalid sort expression 'key asc desc'. Expected '<field.path> asc' or '<field.path> desc'.`,
    ],
    ['', `Invalid sort expression ''. Expected '<field.path> asc' or '<field.path> desc'.`],
    ['name..en', `Invalid sort expression 'name..en'. Expected '<field.path> asc' or '<field.path> desc'.`],
    [
      "name.e'n asc",
      `Invalid sort expression 'name.e'n asc'. Expected '<field.path> asc' or '<field.path> desc'.`,
    ],
    [
      'key; drop table t',
      `Invalid sort expression 'key; drop table t'. Expected '<field.path> asc' or '<field.path> desc'.`,
    ],
  ])('rejects %j', (sort, message) => {
    const error = errorOf([sort]);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Malformed parameter: sort: ${message}`);
  });

  it('rejects an overlong expression without echoing all of it', () => {
    const error = errorOf([`${'a'.repeat(2000)} asc`]);
    expect(error.message.length).toBeLessThan(300);
  });
});
