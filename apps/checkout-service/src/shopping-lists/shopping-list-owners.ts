import type { Queryable } from '@commerce/persistence';
import { shoppingListsTable } from './shopping-lists.table.js';

/**
 * At sign-in (and sign-up) with an anonymous session, that session's shopping lists become the customer's
 * (SDK CustomerSignin `anonymousId`: "Assigns the Customer to all ... ShoppingLists ... with the same
 * anonymousId"). One conditional statement: each list moves once, its version rises, and a list a customer
 * already owns is left alone. The customer is not looked up again: auth-service, which asks, has just
 * signed it in (and no handler calls back into the service that asked it).
 */
export async function assignAnonymousLists(
  db: Queryable,
  projectKey: string,
  anonymousId: string,
  customerId: string,
): Promise<number> {
  const now = new Date().toISOString();
  const rows = await db.query<Array<{ id: string }>>(
    `UPDATE ${shoppingListsTable.table}
        SET version = version + 1, last_modified_at = $4::timestamptz,
            doc = doc || jsonb_build_object(
              'customer', jsonb_build_object('typeId', 'customer', 'id', $3::text),
              'version', version + 1,
              'lastModifiedAt', $4::text)
      WHERE project_key = $1 AND doc @> jsonb_build_object('anonymousId', $2::text) AND NOT (doc ? 'customer')
      RETURNING id`,
    [projectKey, anonymousId, customerId, now],
  );
  return rows.length;
}
