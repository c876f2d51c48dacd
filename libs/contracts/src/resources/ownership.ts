/**
 * Which service (by subject prefix) owns each reference type: reference resolution and expansion ask
 * `<prefix>.resolve` with all the references of that owner at once.
 */
import { RESOURCE_OPERATIONS } from '../subjects.js';
import { RESOURCE_DESCRIPTORS } from './descriptors.js';

/** The services that answer `<prefix>.resolve`. */
export type ReferenceOwner = 'stores' | 'catalog' | 'auth' | 'checkout';

const REFERENCE_OWNERS: ReadonlySet<string> = new Set<ReferenceOwner>([
  'stores',
  'catalog',
  'auth',
  'checkout',
]);
const isReferenceOwner = (prefix: string): prefix is ReferenceOwner => REFERENCE_OWNERS.has(prefix);

/**
 * The owner of each type a reference may point to: every resource with the six versioned subjects (the
 * engine's and customers), by its descriptor's subject prefix.
 */
export const TYPE_OWNERS: Readonly<Record<string, ReferenceOwner>> = {
  ...Object.fromEntries(
    RESOURCE_DESCRIPTORS.flatMap((descriptor) => {
      const subjects: Readonly<Record<string, string | undefined>> = descriptor.subjects;
      if (!RESOURCE_OPERATIONS.every((operation) => subjects[operation])) return [];
      const prefix = subjects.get!.slice(0, subjects.get!.indexOf('.'));
      if (!isReferenceOwner(prefix))
        throw new Error(`${descriptor.typeId}: '${prefix}' answers no references`);
      return [[descriptor.typeId, prefix] as const];
    }),
  ),
  // Custom objects have no descriptor (addressed by container and key), but custom fields reference them.
  'key-value-document': 'catalog',
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
export const MESSAGE_SOURCES = ['stores', 'catalog', 'auth', 'checkout'] as const;

export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export function messageSubjects<P extends MessageSource>(prefix: P) {
  return { query: `${prefix}.messages.query` as const, get: `${prefix}.messages.get` as const };
}
