import { Errors } from '@commerce/errors';
import type { SearchField, SearchFieldResolver, SearchValueType } from '@commerce/query';
import type { AvailabilityScope } from '../in-store/availability.js';

/**
 * The searchable Product fields of the Product Search API, by the live API's names, resolved to where the
 * platform keeps them in `catalog.product_search` (docs/SEARCH.md): the projection document `s.doc`, one
 * variant's search form `v.value` (`{id, sku, key, attributes: {name: value}, price: [...]}`), or one of its
 * prices `p.value`. A field the platform cannot answer is refused with `InvalidInput` naming it.
 */

/** Fields read from the product (`s.doc`): their path and type. */
const PRODUCT_FIELDS: Record<string, { path: string; type: SearchValueType }> = {
  id: { path: '$.id', type: 'text' },
  key: { path: '$.key', type: 'text' },
  productType: { path: '$.productType.id', type: 'text' },
  taxCategory: { path: '$.taxCategory.id', type: 'text' },
  state: { path: '$.state.id', type: 'text' },
  categories: { path: '$.categories[*].id', type: 'text' },
  createdAt: { path: '$.createdAt', type: 'datetime' },
  lastModifiedAt: { path: '$.lastModifiedAt', type: 'datetime' },
};

const LOCALIZED_FIELDS = new Set(['name', 'description', 'slug']);

/** The ids of a product's categories and of all their ancestors, as a jsonb array (`categoriesSubTree`). */
const CATEGORIES_SUBTREE = `(SELECT coalesce(jsonb_agg(t.id), '[]'::jsonb)
  FROM jsonb_array_elements(s.doc->'categories') c
  JOIN "catalog"."categories" k ON k.project_key = s.project_key AND k.id = c.value->>'id',
  LATERAL (SELECT to_jsonb(k.id) AS id UNION ALL SELECT a->'id' FROM jsonb_array_elements(k.doc->'ancestors') a) t)`;

const PRICE_FIELDS: Record<string, { path: string; type: SearchValueType }> = {
  centAmount: { path: '$.centAmount', type: 'number' },
  currencyCode: { path: '$.currencyCode', type: 'text' },
  country: { path: '$.country', type: 'text' },
  channel: { path: '$.channel.id', type: 'text' },
  customerGroup: { path: '$.customerGroup.id', type: 'text' },
};

/** An attribute's `fieldType` (the SDK's `SearchFieldType`): the value type and the default sub-path. */
const ATTRIBUTE_TYPES: Record<string, { type: SearchValueType; sub?: string; localized?: boolean }> = {
  text: { type: 'text' },
  ltext: { type: 'text', localized: true },
  enum: { type: 'text', sub: 'key' },
  lenum: { type: 'text', sub: 'key' },
  number: { type: 'number' },
  money: { type: 'number', sub: 'centAmount' },
  boolean: { type: 'boolean' },
  date: { type: 'date' },
  datetime: { type: 'datetime' },
  time: { type: 'time' },
  reference: { type: 'text', sub: 'id' },
};

const NAME = /^[A-Za-z0-9_-]+$/;
const LANGUAGE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,7}$/;

function refused(at: string, detail: string): never {
  throw Errors.invalidInput(`Invalid search query at '${at}': ${detail}`);
}

const step = (name: string) => `.${JSON.stringify(name)}`;

function languageOf(field: string, language: string | undefined, at: string): string {
  if (language === undefined) refused(at, `the localized field '${field}' needs a 'language'.`);
  if (!LANGUAGE.test(language)) refused(at, `'${language}' is not a language.`);
  return language;
}

function attributeField(
  rest: string[],
  language: string | undefined,
  fieldType: string | undefined,
  at: string,
) {
  const [name, ...sub] = rest;
  const field = `variants.attributes.${rest.join('.')}`;
  if (!name || !NAME.test(name) || sub.some((s) => !NAME.test(s)) || sub.length > 1) {
    refused(at, `'${field}' names no attribute.`);
  }
  if (fieldType === undefined) refused(at, `the attribute field '${field}' needs its 'fieldType'.`);
  const base = fieldType.startsWith('set_') ? fieldType.slice('set_'.length) : fieldType;
  const kind = Object.hasOwn(ATTRIBUTE_TYPES, base) ? ATTRIBUTE_TYPES[base] : undefined;
  if (!kind) refused(at, `'${fieldType}' is not a field type.`);
  let path = `$.attributes${step(name)}`;
  let type = kind.type;
  const [part] = sub;
  if (part === undefined) {
    if (kind.sub) path += step(kind.sub);
    if (kind.localized) path += step(languageOf(field, language, at));
  } else if ((base === 'enum' || base === 'lenum') && part === 'key') {
    path += '.key';
  } else if (base === 'lenum' && part === 'label') {
    path += `.label${step(languageOf(field, language, at))}`;
  } else if (base === 'enum' && part === 'label') {
    path += '.label';
  } else if (base === 'money' && (part === 'centAmount' || part === 'currencyCode')) {
    path += step(part);
    type = part === 'centAmount' ? 'number' : 'text';
  } else if (base === 'reference' && (part === 'id' || part === 'typeId')) {
    path += step(part);
  } else {
    refused(at, `'${field}' is no field of a ${fieldType} attribute.`);
  }
  return { path, type };
}

/** A Store's id or a product selection's id, as the platform generates them (spliced only after this check). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The offer of one Store the request names in `stores`: its id and which products it offers. */
export interface StoreOffer {
  id: string;
  scope: AvailabilityScope;
}

const ASSIGNED = (selections: string[], extra = '') =>
  `EXISTS (SELECT 1 FROM "catalog"."product_selection_assignments" a
    WHERE a.selection_id IN (${selections.map((id) => `'${id}'`).join(', ')}) AND a.product_id = s.id${extra})`;

/**
 * The `stores` field as a jsonb array, per product, of the ids of the named Stores that offer it (the spec's
 * product availability rules at product level: an active Individual selection includes the product, an active
 * IndividualExclusion selection without a variant exclusion removes it). Ids are the Stores' and selections'
 * own, checked against `ID` before they are written into the SQL.
 */
export function storesTargetSql(stores: readonly StoreOffer[]): string {
  const ids = (list: string[]) =>
    list.map((id) => {
      if (!ID.test(id)) throw Errors.general(`unexpected id '${id}' in a Store's product selections`);
      return id;
    });
  const rows = stores.map(({ id, scope }) => {
    const [storeId] = ids([id]);
    let member = 'TRUE';
    if (scope.kind === 'none') member = 'FALSE';
    if (scope.kind === 'selections') {
      const parts: string[] = [];
      if (scope.individual.length > 0) parts.push(ASSIGNED(ids(scope.individual)));
      if (scope.exclusion.length > 0)
        parts.push(`NOT ${ASSIGNED(ids(scope.exclusion), ' AND a.variant_exclusion IS NULL')}`);
      if (parts.length > 0) member = parts.join(' AND ');
    }
    return `('${storeId}', ${member})`;
  });
  if (rows.length === 0) return `'[]'::jsonb`;
  return `(SELECT coalesce(jsonb_agg(st.id), '[]'::jsonb) FROM (VALUES ${rows.join(', ')}) st(id, member) WHERE st.member)`;
}

/**
 * The Store ids a request's `exact` expressions on `stores` name (undefined: the request does not use the
 * field). `stores` answers `exact` only: the platform resolves the named Stores' product selections per
 * request, so a facet, sort or other expression on it is refused, naming where it is.
 */
export function storesNamed(value: unknown, at: string, parentKey?: string): string[] | undefined {
  if (Array.isArray(value)) {
    const found = value.map((entry, index) => storesNamed(entry, `${at}[${index}]`));
    return found.some((ids) => ids) ? found.flatMap((ids) => ids ?? []) : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const object = value as Record<string, unknown>;
  let ids: string[] | undefined;
  if (object.field === 'stores') {
    if (parentKey !== 'exact') {
      throw Errors.invalidInput(
        `Invalid search query at '${at}.field': 'stores' is searched with 'exact' only (the ids of Stores: docs/SEARCH.md).`,
      );
    }
    const values = Array.isArray(object.values) ? object.values : [object.value];
    ids = values.filter((id): id is string => typeof id === 'string');
  }
  for (const [key, child] of Object.entries(object)) {
    if (key === 'field' || key === 'value' || key === 'values') continue;
    const found = storesNamed(child, at ? `${at}.${key}` : key, key);
    if (found) ids = [...(ids ?? []), ...found];
  }
  return ids;
}

/** The resolver of the Product Search's fields; `stores` needs the offers of the Stores the request names. */
export const productSearchFieldResolver =
  (stores?: readonly StoreOffer[]): SearchFieldResolver =>
  (field, options) =>
    field === 'stores' && stores
      ? ({
          name: field,
          level: 'product',
          target: storesTargetSql(stores),
          path: '$[*]',
          type: 'text',
          words: false,
        } satisfies SearchField)
      : resolveProductSearchField(field, options);

/** The resolver of the Product Search's fields. */
export const resolveProductSearchField: SearchFieldResolver = (field, { language, fieldType, at }) => {
  const segments = field.split('.');
  const named = (
    level: 'product' | 'variant' | 'price',
    target: string,
    path: string,
    type: SearchValueType,
  ) =>
    ({
      name: language ? `${field} (${language})` : field,
      level,
      target,
      path,
      type,
      words: type === 'text',
    }) satisfies SearchField;
  const [root, ...rest] = segments;
  if (rest.length === 0 && Object.hasOwn(PRODUCT_FIELDS, root)) {
    return named('product', 's.doc', PRODUCT_FIELDS[root].path, PRODUCT_FIELDS[root].type);
  }
  if (rest.length === 0 && LOCALIZED_FIELDS.has(root)) {
    const locale = languageOf(field, language, at);
    const resolved = named('product', 's.doc', `$${step(root)}${step(locale)}`, 'text');
    // Name and description words are in the table's search vector (slugs are not).
    return root === 'slug' ? resolved : { ...resolved, indexedLocale: locale };
  }
  if (field === 'searchKeywords') {
    const locale = languageOf(field, language, at);
    return {
      ...named('product', 's.doc', `$.searchKeywords${step(locale)}[*].text`, 'text'),
      indexedLocale: locale,
    };
  }
  if (field === 'categoriesSubTree') return named('product', CATEGORIES_SUBTREE, '$[*]', 'text');
  if (root === 'variants' && rest.length === 1 && (rest[0] === 'sku' || rest[0] === 'key')) {
    return named('variant', 'v.value', `$${step(rest[0])}`, 'text');
  }
  if (root === 'variants' && rest.length === 1 && rest[0] === 'id')
    return named('variant', 'v.value', '$.id', 'number');
  if (root === 'variants' && rest[0] === 'attributes') {
    const { path, type } = attributeField(rest.slice(1), language, fieldType, at);
    return named('variant', 'v.value', path, type);
  }
  if (root === 'variants' && rest[0] === 'prices' && rest.length === 2 && Object.hasOwn(PRICE_FIELDS, rest[1])) {
    const { path, type } = PRICE_FIELDS[rest[1]];
    return named('price', 'p.value', path, type);
  }
  if (root === 'variants' && rest[0] === 'availability') {
    refused(
      at,
      `'${field}' cannot be searched: the search index holds no inventory availability (docs/SEARCH.md).`,
    );
  }
  if (root === 'stores') {
    refused(at, `'stores' is searched with 'exact' only (the ids of Stores: docs/SEARCH.md).`);
  }
  if (root === 'reviewRatingStatistics') {
    refused(at, `'${field}' cannot be searched on this platform (docs/SEARCH.md).`);
  }
  return refused(at, `'${field}' is not a searchable Product field.`);
};
