import type { Reference, RequestContext, ResourceIdentifier } from '@commerce/contracts';
import type { ReferenceResolver } from '@commerce/resources';

/** A customer the payment belongs to: it must exist in the project (auth-service resolves it). */
export async function customerReference(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'customer'>> {
  const [customer] = await resolver.require(ctx, 'customer', [identifier]);
  return { typeId: 'customer', id: customer.id };
}
