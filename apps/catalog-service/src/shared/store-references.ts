import { Subjects, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';

/**
 * Refuses to delete a resource that a Store still refers to (`ReferenceExists`). Stores live in
 * stores-service, so the question is a `where` over its Stores, with the id as an input variable.
 */
export async function refuseIfStoresRefer(
  rpc: RpcClient,
  ctx: RequestContext,
  resource: string,
  where: string,
  id: string,
): Promise<void> {
  const referenced = await rpc.send(Subjects.stores.store.exists, {
    ctx,
    query: { where, 'var.id': id },
  });
  if (referenced) throw Errors.referenceExists(resource, 'store');
}
