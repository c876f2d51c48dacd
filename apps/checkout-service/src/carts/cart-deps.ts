import type { ReferenceResolver } from '@commerce/resources';

/** What the cart actions use besides the request: the reference resolver (Types, customers, groups, ...). */
export interface CartDeps {
  resolver: ReferenceResolver;
  /** The project's default retention of carts in days (`carts.deleteDaysAfterLastModification`, else 90). */
  defaultDeleteDays(projectKey: string): Promise<number>;
}
