import { randomUUID } from 'node:crypto';

/** A key no other test uses. */
export function uniqueKey(prefix = 'k'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function storeDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('store'), name: { en: 'Test store', de: 'Testladen' }, ...overrides };
}

export function channelDraft(roles: string[] = ['ProductDistribution'], overrides: Record<string, unknown> = {}) {
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
      { name: 'region', label: { en: 'Region' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' },
      { name: 'size', label: { en: 'Size' }, required: false, type: { name: 'Number' } },
    ],
    ...overrides,
  };
}
