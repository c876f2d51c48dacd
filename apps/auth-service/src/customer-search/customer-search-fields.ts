import { Errors } from '@commerce/errors';
import type { SearchField, SearchFieldResolver, SearchValueType } from '@commerce/query';

/**
 * The searchable Customer fields of the Customer Search API, resolved to where auth-service keeps them: the
 * customer's document `c.doc` (docs/SEARCH.md). `lowercaseEmail` and `fullName` are derived from it.
 */
const FIELDS: Record<string, { target?: string; path: string; type: SearchValueType }> = {
  id: { path: '$.id', type: 'text' },
  key: { path: '$.key', type: 'text' },
  email: { path: '$.email', type: 'text' },
  lowercaseEmail: { target: `to_jsonb(lower(c.doc->>'email'))`, path: '$', type: 'text' },
  firstName: { path: '$.firstName', type: 'text' },
  middleName: { path: '$.middleName', type: 'text' },
  lastName: { path: '$.lastName', type: 'text' },
  fullName: {
    target: `to_jsonb(nullif(concat_ws(' ', c.doc->>'firstName', c.doc->>'middleName', c.doc->>'lastName'), ''))`,
    path: '$',
    type: 'text',
  },
  title: { path: '$.title', type: 'text' },
  salutation: { path: '$.salutation', type: 'text' },
  customerNumber: { path: '$.customerNumber', type: 'text' },
  externalId: { path: '$.externalId', type: 'text' },
  companyName: { path: '$.companyName', type: 'text' },
  vatId: { path: '$.vatId', type: 'text' },
  authenticationMode: { path: '$.authenticationMode', type: 'text' },
  isEmailVerified: { path: '$.isEmailVerified', type: 'boolean' },
  dateOfBirth: { path: '$.dateOfBirth', type: 'date' },
  customerGroup: { path: '$.customerGroup.id', type: 'text' },
  customerGroupAssignments: { path: '$.customerGroupAssignments[*].customerGroup.id', type: 'text' },
  stores: { path: '$.stores[*].key', type: 'text' },
  createdAt: { path: '$.createdAt', type: 'datetime' },
  lastModifiedAt: { path: '$.lastModifiedAt', type: 'datetime' },
};

const ADDRESS_FIELDS = new Set([
  'id',
  'key',
  'firstName',
  'lastName',
  'company',
  'streetName',
  'streetNumber',
  'additionalStreetInfo',
  'postalCode',
  'city',
  'region',
  'state',
  'country',
  'building',
  'apartment',
  'pOBox',
  'phone',
  'mobile',
  'email',
]);

export const resolveCustomerSearchField: SearchFieldResolver = (field, { at }) => {
  const named = (target: string, path: string, type: SearchValueType): SearchField => ({
    name: field,
    level: 'customer',
    target,
    path,
    type,
    words: type === 'text',
  });
  const known = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
  if (known) return named(known.target ?? 'c.doc', known.path, known.type);
  const [root, sub, ...rest] = field.split('.');
  if (root === 'addresses' && sub && rest.length === 0 && ADDRESS_FIELDS.has(sub)) {
    return named('c.doc', `$.addresses[*].${JSON.stringify(sub)}`, 'text');
  }
  throw Errors.invalidInput(
    `Invalid search query at '${at}': '${field}' is not a searchable Customer field.`,
  );
};
