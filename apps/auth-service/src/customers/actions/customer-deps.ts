import type { ReferenceResolver } from '@commerce/resources';
import type { CustomerTokensRepository } from '../customer-tokens.repository.js';
import type { CustomersRepository } from '../customers.repository.js';
import type { StoreMembership } from '../store-membership.js';

/** What the customer update actions use besides the customer itself. */
export interface CustomerDeps {
  resolver: ReferenceResolver;
  stores: StoreMembership;
  customers: CustomersRepository;
  tokens: CustomerTokensRepository;
}

/** Sets or, given undefined, removes one optional field. */
export function withField<T extends object, K extends keyof T>(
  resource: T,
  field: K,
  value: T[K] | undefined,
): T {
  const next = { ...resource };
  if (value === undefined) delete next[field];
  else next[field] = value;
  return next;
}
