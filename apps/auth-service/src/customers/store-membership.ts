import type { RequestContext, ResourceIdentifier, Store } from '@commerce/contracts';
import { ReferenceResolver } from '@commerce/resources';
import { Injectable } from '@nestjs/common';

/**
 * Resolves Store identifiers of a customer draft to Store keys through stores-service: within a customer's
 * write the Stores are reserved there, so none can be deleted while the customer is being assigned to it
 * (docs/CONSISTENCY.md). A missing Store is `ReferencedResourceNotFound`.
 */
@Injectable()
export class StoreMembership {
  constructor(private readonly resolver: ReferenceResolver) {}

  async storeKeys(ctx: RequestContext, identifiers: ResourceIdentifier<'store'>[]): Promise<string[]> {
    const { storeKey: _inStore, ...projectCtx } = ctx;
    const stores = await this.resolver.require(projectCtx, 'store', identifiers);
    return [...new Set(stores.map((store) => (store as unknown as Store).key))];
  }
}
