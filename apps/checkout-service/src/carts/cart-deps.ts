import type { ReferenceResolver } from '@commerce/resources';

/** What the cart actions use besides the request: the reference resolver (Types, customers, groups, ...). */
export interface CartDeps {
  resolver: ReferenceResolver;
}
