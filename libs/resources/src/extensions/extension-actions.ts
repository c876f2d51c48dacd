import type { ExtensionAction, RequestContext } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import {
  applyParsedActions,
  parseActions,
  type ActionContext,
  type ActionTable,
  type AppliedActions,
} from '../update-actions.js';
import type { WriteExtensions } from './extension-calls.js';

/** What a write needs to call the extensions of its resource type: the caller, the type and its action table. */
export interface ExtensionPoint<T> {
  calls: WriteExtensions;
  typeId: string;
  actions: ActionTable<T>;
}

/**
 * The engine's hook: calls the extensions triggered by `action` on the resource as it is about to be written,
 * then applies the update actions they returned to it, in the same write. Returned actions that fail (unknown,
 * invalid, refused by the resource's rules) fail the request with `ExtensionUpdateActionsFailed`; nothing is
 * written. The returned actions are not sent to extensions again.
 */
export async function applyExtensions<T extends { id: string }>(
  point: ExtensionPoint<T>,
  ctx: RequestContext,
  action: ExtensionAction,
  applied: AppliedActions<T>,
  context: ActionContext,
  previous?: T,
): Promise<AppliedActions<T>> {
  const returned = await point.calls.call(ctx, point.typeId, action, applied.resource, previous);
  if (returned.actions.length === 0) return applied;
  let more: AppliedActions<T>;
  try {
    more = await applyParsedActions(parseActions(point.actions, returned.actions), applied.resource, context);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError({
      code: 'ExtensionUpdateActionsFailed',
      message: 'The update actions returned by the extension could not be applied.',
      extensionErrors: error.errors.flatMap((inner) =>
        returned.from.map((extension) => ({ code: inner.code, message: inner.message, ...extension })),
      ),
    });
  }
  return {
    resource: more.resource,
    messages: [...applied.messages, ...more.messages],
    writes: [...applied.writes, ...more.writes],
    changed: applied.changed || more.changed,
  };
}
