import type { ReferenceResolver } from '@commerce/resources';

/** What the shipping methods' rules use besides the request and the database. */
export interface ShippingMethodDeps {
  resolver: ReferenceResolver;
}
