import { isIdentityScope, parseScope, splitScopes } from '@commerce/auth';
import type { InStoreCallbackToken, IntrospectionResponse } from '@commerce/contracts';
import { InStoreCallbackError } from './callback-error.js';

export type TokenKind = InStoreCallbackToken['kind'];

export interface Expected {
  kind: TokenKind;
  projectKey: string;
  storeKey: string;
}

const fail = (reason: ConstructorParameters<typeof InStoreCallbackError>[0], message: string) =>
  new InStoreCallbackError(reason, message);

const TOKEN = /^[\x21-\x7e]{1,512}$/;
const MAX_EXPIRES_IN = 366 * 86_400;

/** Checks the callback's JSON against the documented shape (docs/INSTORE.md) and what was asked for. */
export function parseCallbackAnswer(body: string, expected: Expected): InStoreCallbackToken {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw fail('malformed', 'The callback did not answer JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail('malformed', 'The callback did not answer a JSON object.');
  }
  const answer = value as Record<string, unknown>;
  const problems: string[] = [];
  if (answer.kind !== expected.kind) problems.push(`kind must be '${expected.kind}'`);
  if (typeof answer.access_token !== 'string' || !TOKEN.test(answer.access_token)) {
    problems.push('access_token must be 1-512 printable characters');
  }
  if (typeof answer.token_type !== 'string' || answer.token_type.toLowerCase() !== 'bearer') {
    problems.push('token_type must be Bearer');
  }
  const expiresIn = answer.expires_in;
  if (
    typeof expiresIn !== 'number' ||
    !Number.isInteger(expiresIn) ||
    expiresIn < 1 ||
    expiresIn > MAX_EXPIRES_IN
  ) {
    problems.push('expires_in must be a positive number of seconds');
  }
  if (typeof answer.scope !== 'string' || answer.scope.length > 4096) problems.push('scope must be a string');
  if (answer.projectKey !== expected.projectKey) problems.push(`projectKey must be '${expected.projectKey}'`);
  if (answer.storeKey !== expected.storeKey) problems.push(`storeKey must be '${expected.storeKey}'`);
  if (answer.customerId !== undefined && typeof answer.customerId !== 'string') {
    problems.push('customerId must be a string');
  }
  if (problems.length > 0)
    throw fail('malformed', `The callback's answer is not valid: ${problems.join('; ')}.`);
  return answer as unknown as InStoreCallbackToken;
}

/**
 * Checks the token against the platform's introspection: active, exactly the answered scopes, every permission
 * scope limited to the expected Store, what the kind needs (a user token speaks for one customer; a cart
 * token holds `manage_orders` for the Store), and enough validity left.
 */
export function checkIntrospection(
  answer: InStoreCallbackToken,
  introspection: IntrospectionResponse,
  expected: Expected,
  nowSeconds: number,
  minValiditySeconds: number,
): { expiresAt: number; customerId?: string } {
  if (!introspection.active)
    throw fail('inactive-token', 'The platform does not accept the token (inactive).');
  const granted = splitScopes(introspection.scope);
  const answered = splitScopes(answer.scope);
  if (granted.length !== answered.length || granted.some((scope) => !answered.includes(scope))) {
    throw fail('scope', 'The answered scope is not the token’s scope.');
  }
  const beyond = granted.filter((scope) => {
    if (isIdentityScope(scope)) return false;
    const parsed = parseScope(scope);
    return parsed?.projectKey !== expected.projectKey || parsed.storeKey !== expected.storeKey;
  });
  if (beyond.length > 0) {
    throw fail('scope', `The token reaches beyond the Store '${expected.storeKey}': ${beyond.join(' ')}.`);
  }
  const customers = granted.filter((scope) => scope.startsWith('customer_id:'));
  const customerId = customers[0]?.slice('customer_id:'.length);
  if (expected.kind === 'user') {
    if (customers.length !== 1) throw fail('scope', 'A user token must speak for exactly one customer.');
    if (answer.customerId !== undefined && answer.customerId !== customerId) {
      throw fail('scope', 'The answered customerId is not the token’s customer.');
    }
  } else {
    const needed = `manage_orders:${expected.projectKey}:${expected.storeKey}`;
    if (!granted.includes(needed)) throw fail('scope', `A cart token must hold ${needed}.`);
  }
  if (introspection.exp < nowSeconds + minValiditySeconds) {
    throw fail('expiry', `The token expires in less than ${minValiditySeconds} s.`);
  }
  if (introspection.exp > nowSeconds + answer.expires_in + 60) {
    throw fail(
      'expiry',
      'The answered expires_in is shorter than the token’s real validity by over a minute.',
    );
  }
  return { expiresAt: introspection.exp, ...(customerId !== undefined ? { customerId } : {}) };
}
