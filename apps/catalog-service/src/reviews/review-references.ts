import type { Reference, RequestContext, ResourceIdentifier, Review, State } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ReferenceResolver } from '@commerce/resources';

/** A Review's target, checked to exist: a Product or a Channel. */
export async function targetOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  target: ResourceIdentifier & { typeId: 'product' | 'channel' },
): Promise<NonNullable<Review['target']>> {
  const [found] = await resolver.require(ctx, target.typeId, [target]);
  return target.typeId === 'product'
    ? { typeId: 'product', id: found.id }
    : { typeId: 'channel', id: found.id };
}

/** A ReviewState, checked to exist and to be of that type. */
export async function reviewStateOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<State> {
  const [found] = await resolver.require(ctx, 'state', [identifier]);
  const state = found as unknown as State;
  if (state.type !== 'ReviewState') {
    throw Errors.invalidOperation(`The state '${state.key}' is a ${state.type}, not a ReviewState.`);
  }
  return state;
}

export async function customerOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'customer'>> {
  const [customer] = await resolver.require(ctx, 'customer', [identifier]);
  return { typeId: 'customer', id: customer.id };
}

/** The live rule: a Review counts unless it is in a State without the role `ReviewIncludedInStatistics`. */
export const includedInStatistics = (state: State | undefined): boolean =>
  state === undefined || state.roles.includes('ReviewIncludedInStatistics');
