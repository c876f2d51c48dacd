import type { RecurrenceInfo, RequestContext } from '@commerce/contracts';
import type { CartDeps } from './cart-deps.js';

type Identifier = { typeId?: string; id?: string; key?: string };

/**
 * A (custom) line item's `recurrenceInfo` from its draft: the recurrence policy must exist (checkout-service
 * owns it; `ReferencedResourceNotFound` otherwise) and is referenced by id. Custom line items have no
 * `priceSelectionMode` (SDK).
 */
export async function recurrenceInfoOf(
  deps: CartDeps,
  ctx: RequestContext,
  draft: { recurrencePolicy: Identifier; priceSelectionMode?: 'Dynamic' | 'Fixed' },
): Promise<RecurrenceInfo> {
  const [policy] = await deps.resolver.require(ctx, 'recurrence-policy', [draft.recurrencePolicy]);
  return {
    recurrencePolicy: { typeId: 'recurrence-policy', id: policy.id },
    ...(draft.priceSelectionMode ? { priceSelectionMode: draft.priceSelectionMode } : {}),
  };
}
