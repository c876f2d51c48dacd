import { covers, parseScope, satisfies, splitScopes } from '@commerce/auth';
import { ISSUE_CUSTOMER_TOKENS } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';

const refused = (message: string) => new ApiError({ code: 'invalid_scope', message });

/**
 * The permission scopes of a token issued by the in-store customer grant. The client must hold
 * `issue_customer_tokens` for the Store (a store scope, or the project-wide one). The token gets only store
 * scopes of that Store: the requested ones (each covered by the client's scopes), or, when none are requested,
 * the client's own store scopes of that Store. `issue_customer_tokens` itself is never handed on, so a customer
 * token cannot mint more customer tokens.
 */
export function inStoreCustomerScopes(
  clientScope: string,
  requested: string | undefined,
  projectKey: string,
  storeKey: string,
): string[] {
  const clientScopes = splitScopes(clientScope);
  if (!satisfies(clientScopes, [ISSUE_CUSTOMER_TOKENS], projectKey, storeKey)) {
    throw refused(`The client needs ${ISSUE_CUSTOMER_TOKENS}:${projectKey}:${storeKey} for this grant.`);
  }
  const ofThisStore = (scope: string) => {
    const parsed = parseScope(scope);
    return (
      parsed !== undefined &&
      parsed.projectKey === projectKey &&
      parsed.storeKey === storeKey &&
      parsed.permission !== ISSUE_CUSTOMER_TOKENS
    );
  };
  const asked = splitScopes(requested);
  if (asked.length === 0) {
    const own = clientScopes.filter(ofThisStore);
    if (own.length === 0) {
      throw refused(`The client holds no scope of the Store '${storeKey}' to give the customer token.`);
    }
    return [...new Set(own)];
  }
  const outside = asked.filter((scope) => !ofThisStore(scope));
  if (outside.length > 0) {
    throw refused(
      `Only scopes of the Store '${storeKey}' (other than ${ISSUE_CUSTOMER_TOKENS}) can be requested: ${outside.join(' ')}.`,
    );
  }
  if (!asked.every((scope) => covers(clientScopes, scope))) {
    throw refused('The requested scopes go beyond the client’s scopes.');
  }
  return [...new Set(asked)];
}
