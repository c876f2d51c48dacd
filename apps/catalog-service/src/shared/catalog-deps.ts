import type { RpcClient } from '@commerce/messaging';
import type { ReferenceResolver } from '@commerce/resources';

/** What catalog rules need from outside: custom field Types (via `catalog.resolve`) and Stores (stores-service). */
export interface CatalogDeps {
  resolver: ReferenceResolver;
  rpc: RpcClient;
}
