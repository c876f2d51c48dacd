import { Subjects, type RequestContext, type ResourceIdentifier } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** Resolves Store identifiers of a customer draft to Store keys, asking stores-service whether each exists. */
@Injectable()
export class StoreMembership {
  constructor(private readonly rpc: RpcClient) {}

  async storeKeys(ctx: RequestContext, identifiers: ResourceIdentifier<'store'>[]): Promise<string[]> {
    const keys = await Promise.all(identifiers.map((identifier) => this.keyOf(ctx, identifier)));
    return [...new Set(keys)];
  }

  private async keyOf(ctx: RequestContext, identifier: ResourceIdentifier<'store'>): Promise<string> {
    const ref = identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key! };
    try {
      const { storeKey: _inStore, ...projectCtx } = ctx;
      const store = await this.rpc.send(Subjects.stores.store.get, {
        ctx: projectCtx,
        ref,
      });
      return store.key;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ResourceNotFound') {
        throw Errors.referencedResourceNotFound('store', ref);
      }
      throw error;
    }
  }
}
