/**
 * Which service (by subject prefix) owns each reference type: reference resolution and expansion ask
 * `<prefix>.resolve` with all the references of that owner at once.
 */
export const TYPE_OWNERS: Record<string, string> = {
  store: 'stores',
  channel: 'catalog',
  'customer-group': 'catalog',
  type: 'catalog',
  'product-type': 'catalog',
  product: 'catalog',
  'product-selection': 'catalog',
  customer: 'auth',
  category: 'catalog',
  'tax-category': 'catalog',
  state: 'catalog',
};

export interface ReferenceLookup {
  typeId: string;
  id?: string;
  key?: string;
}

/** One answer of `<prefix>.resolve`: a resource found, with its type (keys are unique only per type). */
export interface ResolvedReference<T = { id: string; key?: string }> {
  typeId: string;
  resource: T;
}

/** `<prefix>.resolve`: `{ctx, refs}` -> ResolvedReference[] (any order; missing ones are left out). */
export function resolveSubject(prefix: string): string {
  return `${prefix}.resolve`;
}

/** The services that keep Messages; `GET /{projectKey}/messages` asks each of them. */
export const MESSAGE_SOURCES = ['stores', 'catalog', 'auth'] as const;

export function messageSubjects(prefix: string) {
  return { query: `${prefix}.messages.query`, get: `${prefix}.messages.get` };
}
