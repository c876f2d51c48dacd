/**
 * Which service (by subject prefix) owns each reference type: reference resolution and expansion ask
 * `<prefix>.resolve` with all the references of that owner at once.
 */
/** The services that answer `<prefix>.resolve`. */
export type ReferenceOwner = 'stores' | 'catalog' | 'auth';

export const TYPE_OWNERS: Record<string, ReferenceOwner> = {
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
  'key-value-document': 'catalog',
  review: 'catalog',
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
export function resolveSubject<P extends ReferenceOwner>(prefix: P): `${P}.resolve` {
  return `${prefix}.resolve`;
}

/** The services that keep Messages; `GET /{projectKey}/messages` asks each of them. */
export const MESSAGE_SOURCES = ['stores', 'catalog', 'auth'] as const;

export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export function messageSubjects<P extends MessageSource>(prefix: P) {
  return { query: `${prefix}.messages.query` as const, get: `${prefix}.messages.get` as const };
}
