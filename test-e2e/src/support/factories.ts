import { randomUUID } from 'node:crypto';

/** A key no other test uses. */
export function uniqueKey(prefix = 'k'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function storeDraft(overrides: Record<string, unknown> = {}) {
  return { key: uniqueKey('store'), name: { en: 'Test store', de: 'Testladen' }, ...overrides };
}
