import { covers, splitScopes } from '@commerce/auth';
import { Errors } from '@commerce/errors';
import type { GrantingClient } from '../api-clients/api-client.record.js';

/**
 * The scopes a token gets: the requested ones when the client's scopes cover each of them (identity scopes can
 * never be requested), all the client's scopes when none are requested; otherwise `invalid_scope`.
 */
export function grantedScopes(client: GrantingClient, requested: string | undefined): string[] {
  const clientScopes = splitScopes(client.scope);
  const scopes = splitScopes(requested);
  if (scopes.length === 0) return clientScopes;
  if (!scopes.every((scope) => covers(clientScopes, scope))) throw Errors.invalidScope();
  return [...new Set(scopes)];
}

/** A required form parameter, or `invalid_request` naming it. */
export function requiredParameter(form: Record<string, string>, name: string): string {
  const value = form[name];
  if (value === undefined || value === '')
    throw Errors.invalidRequest(`Missing required parameter: ${name}.`);
  return value;
}
