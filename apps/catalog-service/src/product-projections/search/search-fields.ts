import { Errors } from '@commerce/errors';

/** Where a search path reads: the projection document, or each variant's search form (see projection-rows). */
export interface SearchField {
  level: 'product' | 'variant';
  /** The path within the product's projection or the variant's search form. */
  path: string[];
  /** An array whose elements exist or are missing (`categories:exists`). */
  array: boolean;
  /** `categories.id` accepts `subtree("id")`. */
  categories: boolean;
}

const PRODUCT_FIELDS = new Set(['id', 'key', 'createdAt', 'lastModifiedAt', 'published', 'hasStagedChanges']);
const REFERENCE_FIELDS = new Set(['productType', 'taxCategory', 'state']);
const LOCALIZED_FIELDS = new Set(['name', 'slug', 'description']);

function unsupported(path: string[]): never {
  throw Errors.invalidInput(`The search field '${path.join('.')}' is not supported.`);
}

/** The field a filter or facet path names; an unknown one is `InvalidInput` naming it. */
export function searchFieldOf(path: string[]): SearchField {
  const [root, ...rest] = path;
  const product = (array = false, categories = false): SearchField => ({
    level: 'product',
    path,
    array,
    categories,
  });
  if (PRODUCT_FIELDS.has(root) && rest.length === 0) return product();
  if (REFERENCE_FIELDS.has(root) && rest.length === 1 && rest[0] === 'id') return product();
  if (LOCALIZED_FIELDS.has(root) && rest.length === 1) return product();
  if (root === 'categories' && rest.length === 0) return product(true);
  if (root === 'categories' && rest.length === 1 && rest[0] === 'id') return product(false, true);
  if (root === 'searchKeywords' && rest.length === 2 && rest[1] === 'text') return product();
  if (root !== 'variants' || rest.length === 0) unsupported(path);
  const [field, ...sub] = rest;
  const variant = (array = false): SearchField => ({
    level: 'variant',
    path: rest,
    array,
    categories: false,
  });
  if ((field === 'id' || field === 'sku' || field === 'key') && sub.length === 0) return variant();
  if (field === 'attributes' && sub.length >= 1) return variant();
  if (field === 'price' && sub.length === 1 && (sub[0] === 'centAmount' || sub[0] === 'currencyCode')) {
    return variant();
  }
  if (field === 'prices' && sub.length === 0)
    return { level: 'variant', path: ['price'], array: true, categories: false };
  return unsupported(path);
}

/** The SQL/JSON path of a field, in lax mode (arrays on the way are unwrapped, as `set` attributes are). */
export function jsonPathOf(field: SearchField): string {
  return `$${field.path.map((segment) => `.${JSON.stringify(segment)}`).join('')}${field.array ? '[*]' : ''}`;
}
