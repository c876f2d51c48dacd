import type { EventBus, RpcClient } from '@commerce/messaging';
import type { ProjectSettings, ReferenceResolver } from '@commerce/resources';

/** What Store rules need from outside: other services' resources and the project's settings. */
export interface StoreDeps {
  resolver: ReferenceResolver;
  settings: ProjectSettings;
  events: EventBus;
  rpc: RpcClient;
}
