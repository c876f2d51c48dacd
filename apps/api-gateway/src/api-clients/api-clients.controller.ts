import { ApiClientResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

/**
 * `/{projectKey}/api-clients`, from the API client's descriptor (by id, no update). A caller can hand out only
 * what it holds itself: the create request carries its scopes, and auth-service checks the draft against them.
 */
export const ApiClientsController = resourceController(ApiClientResource, {
  hooks: { create: (request) => ({ callerScopes: request.principal?.scopes ?? [] }) },
});
