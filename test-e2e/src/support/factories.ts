import { randomUUID } from 'node:crypto';

/** A key no other test uses. */
export function uniqueKey(prefix = 'k'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function storeDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('store'), name: { en: 'Test store', de: 'Testladen' }, ...overrides };
}

export function channelDraft(
  roles: string[] = ['ProductDistribution'],
  overrides: Record<string, unknown> = {},
) {
  return { key: uniqueKey('channel'), roles, ...overrides };
}

export function productSelectionDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('selection'), name: { en: 'Selection' }, ...overrides };
}

export function storeTypeDraft(overrides: Record<string, unknown> = {}) {
  return {
    key: uniqueKey('type'),
    name: { en: 'Store fields' },
    resourceTypeIds: ['store'],
    fieldDefinitions: [
      {
        name: 'region',
        label: { en: 'Region' },
        required: false,
        type: { name: 'String' },
        inputHint: 'SingleLine',
      },
      { name: 'size', label: { en: 'Size' }, required: false, type: { name: 'Number' } },
    ],
    ...overrides,
  };
}

export function customerGroupDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('group'), groupName: uniqueKey('Group'), ...overrides };
}

/** A Type for custom fields of the given resource types, with one field of each kind the tests use. */
export function typeDraft(resourceTypeIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    key: uniqueKey('type'),
    name: { en: 'Custom fields' },
    resourceTypeIds,
    fieldDefinitions: [
      { name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } },
      { name: 'rank', label: { en: 'Rank' }, required: false, type: { name: 'Number' } },
    ],
    ...overrides,
  };
}

export function productTypeDraft(overrides: Record<string, unknown> = {}) {
  return {
    key: uniqueKey('product-type'),
    name: 'Shirt',
    description: 'Shirts',
    attributes: [
      {
        name: 'size',
        label: { en: 'Size' },
        isRequired: false,
        type: {
          name: 'enum',
          values: [
            { key: 'm', label: 'M' },
            { key: 'l', label: 'L' },
          ],
        },
      },
    ],
    ...overrides,
  };
}

/** A product of the given product type whose variants carry the given SKUs, master first. */
export function productDraft(
  productTypeId: string,
  skus: string[] = [],
  overrides: Record<string, unknown> = {},
) {
  const [master, ...others] = skus;
  return {
    productType: { typeId: 'product-type', id: productTypeId },
    key: uniqueKey('product'),
    name: { en: 'Product' },
    slug: { en: uniqueKey('slug') },
    masterVariant: master ? { sku: master } : {},
    variants: others.map((sku) => ({ sku })),
    ...overrides,
  };
}

/** A root Category with a unique key and slug. */
export function categoryDraft(overrides: Record<string, unknown> = {}) {
  return {
    key: uniqueKey('category'),
    name: { en: 'Category' },
    slug: { en: uniqueKey('slug') },
    ...overrides,
  };
}

/** A TaxCategory with one rate for Germany. */
export function taxCategoryDraft(overrides: Record<string, unknown> = {}) {
  return {
    key: uniqueKey('tax'),
    name: uniqueKey('Tax'),
    rates: [{ name: 'DE standard', amount: 0.19, includedInPrice: true, country: 'DE' }],
    ...overrides,
  };
}

/** A ProductState with a unique key. */
export function stateDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('state'), type: 'ProductState', ...overrides };
}

/**
 * A Zone with one location of its own: a location is in at most one Zone of a project and every test shares
 * the project, so each draft's location is a state no other test names (`country` DE unless given). A project
 * holds at most 100 Zones: share one where a test does not delete it, or use a project of its own.
 */
export function zoneDraft(overrides: Record<string, unknown> = {}, country = 'DE') {
  return {
    key: uniqueKey('zone'),
    name: uniqueKey('Zone'),
    locations: [{ country, state: uniqueKey('state') }],
    ...overrides,
  };
}
