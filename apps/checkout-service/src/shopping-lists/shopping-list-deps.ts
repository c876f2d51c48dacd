import type { RpcClient } from '@commerce/messaging';
import type { ProjectSettings, ReferenceResolver } from '@commerce/resources';

/** What the shopping-list actions use besides the request: references, the catalog, the Project's settings. */
export interface ShoppingListDeps {
  resolver: ReferenceResolver;
  rpc: RpcClient;
  settings: ProjectSettings;
}
