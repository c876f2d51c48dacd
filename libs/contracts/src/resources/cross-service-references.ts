import { Subjects } from '../subjects.js';
import { TYPE_OWNERS, type ReferenceOwner } from './ownership.js';

/**
 * A reference from a resource of one service to a resource of another. The referenced side refuses its
 * deletion while such a reference exists or is being written (`ReferenceExists` with `referencedBy`), by
 * the protocol of docs/CONSISTENCY.md ("Cross-service references"). One place: the referencing write, the
 * guarded deletion and the docs are derived from this table.
 */
export interface CrossServiceReference {
  /** The referencing resource's type id. */
  from: string;
  /** The referenced resource's type id. */
  to: string;
  /** A `where` over the referencing resources that holds when one refers to the target (`:id`, `:key`). */
  where: string;
  /** The referencing resources' `exists` subject. */
  exists:
    | typeof Subjects.stores.store.exists
    | typeof Subjects.auth.customer.exists
    | typeof Subjects.checkout.shippingMethod.exists;
}

export const CROSS_SERVICE_REFERENCES: readonly CrossServiceReference[] = [
  {
    from: 'store',
    to: 'channel',
    where: 'distributionChannels(id = :id) or supplyChannels(id = :id)',
    exists: Subjects.stores.store.exists,
  },
  {
    from: 'store',
    to: 'product-selection',
    where: 'productSelections(productSelection(id = :id))',
    exists: Subjects.stores.store.exists,
  },
  { from: 'store', to: 'type', where: 'custom(type(id = :id))', exists: Subjects.stores.store.exists },
  { from: 'customer', to: 'store', where: 'stores(key = :key)', exists: Subjects.auth.customer.exists },
  {
    from: 'customer',
    to: 'customer-group',
    where: 'customerGroup(id = :id) or customerGroupAssignments(customerGroup(id = :id))',
    exists: Subjects.auth.customer.exists,
  },
  {
    from: 'customer',
    to: 'type',
    where: 'custom(type(id = :id)) or addresses(custom(type(id = :id)))',
    exists: Subjects.auth.customer.exists,
  },
  {
    from: 'shipping-method',
    to: 'tax-category',
    where: 'taxCategory(id = :id)',
    exists: Subjects.checkout.shippingMethod.exists,
  },
  {
    from: 'shipping-method',
    to: 'store',
    where: 'stores(key = :key)',
    exists: Subjects.checkout.shippingMethod.exists,
  },
  {
    from: 'shipping-method',
    to: 'type',
    where: 'custom(type(id = :id))',
    exists: Subjects.checkout.shippingMethod.exists,
  },
];

/** Whether a resource of type `from` referring to one of type `to` is a cross-service reference. */
export function isCrossServiceReference(from: string, to: string): boolean {
  return CROSS_SERVICE_REFERENCES.some((rule) => rule.from === from && rule.to === to);
}

/** The rules that guard the deletion of a resource of this type. */
export function referencesTo(to: string): CrossServiceReference[] {
  return CROSS_SERVICE_REFERENCES.filter((rule) => rule.to === to);
}

/** The subjects of the reference protocol that every resource-owning service answers. */
export function referenceSubjects<P extends ReferenceOwner>(prefix: P) {
  return {
    /** Owner side: resolve and reserve referenced resources for a write about to refer to them. */
    reserve: `${prefix}.references.reserve` as const,
    /** Referencing side: whether a write referring to the target is under way. */
    pending: `${prefix}.references.pending` as const,
  };
}

/** The service that owns resources of a type (`TYPE_OWNERS`). */
export const ownerOf = (typeId: string): ReferenceOwner | undefined =>
  Object.hasOwn(TYPE_OWNERS, typeId) ? TYPE_OWNERS[typeId] : undefined;

/** `<prefix>.references.pending` asks about one target. */
export interface PendingReferenceQuery {
  typeId: string;
  id: string;
  key?: string;
}
