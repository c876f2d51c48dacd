import { isIdentityScope, parseScope } from './scopes.js';

/** Areas with a `view_<area>` and a `manage_<area>` permission (reference facts 4.8 and the spec's scope table). */
const AREAS = [
  'api_clients',
  'attribute_groups',
  'audit_log',
  'business_units',
  'cart_discounts',
  'categories',
  'channels',
  'customer_groups',
  'customers',
  'discount_codes',
  'extensions',
  'import_containers',
  'key_value_documents',
  'messages',
  'order_edits',
  'orders',
  'payment_methods',
  'payments',
  'product_selections',
  'products',
  'project_settings',
  'quotes',
  'recurring_orders',
  'shipping_methods',
  'shopping_lists',
  'standalone_prices',
  'states',
  'stores',
  'subscriptions',
  'tax_categories',
  'types',
  'zones',
] as const;

/** Permissions that are not a view/manage pair. */
const SPECIAL = [
  'manage_project',
  'create_anonymous_token',
  'introspect_oauth_tokens',
  'view_published_products',
  'manage_my_profile',
  'manage_my_orders',
  'manage_my_shopping_lists',
  'manage_my_payments',
  'manage_my_business_units',
  'manage_my_quotes',
  'manage_my_quote_requests',
  'view_import_summaries',
  /** Lock and unlock carts, and change locked ones (checkout facts 2, 4.7; SERVICE_CHECKED_PERMISSIONS). */
  'manage_locked_carts',
  /** This platform's own: lets a client issue tokens for customers of a Store (the in-store customer grant). */
  'issue_customer_tokens',
] as const;

/** Every permission the platform defines. Anything else in a scope string is not a scope of ours. */
export const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set<string>([
  ...AREAS.flatMap((area) => [`view_${area}`, `manage_${area}`]),
  ...SPECIAL,
]);

/** A permission scope of the given project (optionally of one of its Stores) whose permission we define. */
export function isServiceScope(scope: string, projectKey: string): boolean {
  const parsed = parseScope(scope);
  return parsed !== undefined && parsed.projectKey === projectKey && KNOWN_PERMISSIONS.has(parsed.permission);
}

/**
 * The scopes of an external token that this platform honours for a project: our own permission scopes of that
 * project and the identity scopes (`customer_id:`, `anonymous_id:`, `external_user_id:`). Others are ignored.
 */
export function honouredScopes(scopes: readonly string[], projectKey: string): string[] {
  return scopes.filter(
    (scope) =>
      isServiceScope(scope, projectKey) || (isIdentityScope(scope) && /^[a-z_]+:\S{1,256}$/.test(scope)),
  );
}

/**
 * Checks an API client's scope string: space separated, at least one scope, each a defined permission of
 * the project (optionally for one of its Stores). Returns the scopes, or the first invalid one.
 */
export function validateClientScopes(
  scope: string,
  projectKey: string,
): { ok: true; scopes: string[] } | { ok: false; invalid: string } {
  const scopes = scope.split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return { ok: false, invalid: scope };
  const invalid = scopes.find((candidate) => !isServiceScope(candidate, projectKey));
  return invalid === undefined ? { ok: true, scopes: [...new Set(scopes)] } : { ok: false, invalid };
}
