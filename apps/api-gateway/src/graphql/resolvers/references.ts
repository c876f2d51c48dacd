import type { GraphqlContext } from '../graphql-context.js';
import { authorize } from '../graphql-context.js';
import type { ReferenceKey } from '../reference-loader.js';
import { REFERENCE_READ } from '../resources.js';

/** A nested object behind a reference, read with the scopes that reading it directly needs, batched. */
export function referenced(context: GraphqlContext, ref: ReferenceKey | undefined) {
  if (!ref) return null;
  const operation = REFERENCE_READ[ref.typeId];
  if (operation) authorize(context, operation);
  return context.references.load(ref);
}

export function referencedList(context: GraphqlContext, refs: ReferenceKey[] | undefined) {
  if (!refs || refs.length === 0) return [];
  const operation = REFERENCE_READ[refs[0].typeId];
  if (operation) authorize(context, operation);
  return context.references.loadMany(refs);
}
