/** A permission scope, e.g. `manage_stores:demo` or `manage_orders:demo:berlin`. */
export interface Scope {
  permission: string;
  projectKey: string;
  storeKey?: string;
}

/** Identity scopes carry who a token speaks for, not what it may do. */
const IDENTITY_PREFIXES = ['customer_id:', 'anonymous_id:', 'external_user_id:'] as const;

const PERMISSION = /^[a-z]+(?:_[a-z]+)*$/;
const KEY = /^[A-Za-z0-9_-]+$/;

export function isIdentityScope(scope: string): boolean {
  return IDENTITY_PREFIXES.some((prefix) => scope.startsWith(prefix));
}

/** Parses one permission scope; identity scopes and malformed strings give undefined. */
export function parseScope(scope: string): Scope | undefined {
  // Every authorized request parses its token's scopes: the few texts seen are remembered (bounded, since
  // an external OAuth server chooses them).
  if (parsedScopes.has(scope)) return parsedScopes.get(scope);
  if (parsedScopes.size >= MAX_PARSED_SCOPES) parsedScopes.clear();
  const parsed = parseScopeText(scope);
  parsedScopes.set(scope, parsed);
  return parsed;
}

const MAX_PARSED_SCOPES = 1_000;
const parsedScopes = new Map<string, Readonly<Scope> | undefined>();

function parseScopeText(scope: string): Scope | undefined {
  const [permission, projectKey, storeKey, ...rest] = scope.split(':');
  if (
    rest.length > 0 ||
    !permission ||
    !projectKey ||
    !PERMISSION.test(permission) ||
    !KEY.test(projectKey)
  ) {
    return undefined;
  }
  if (storeKey !== undefined && !KEY.test(storeKey)) return undefined;
  return Object.freeze(
    storeKey === undefined ? { permission, projectKey } : { permission, projectKey, storeKey },
  );
}

/** Splits a space-separated scope string, dropping empty parts. */
export function splitScopes(scope: string | undefined): string[] {
  return (scope ?? '').split(/\s+/).filter(Boolean);
}

/** Reads `customer_id:`, `anonymous_id:` and `external_user_id:` from a token's scopes. */
export function identityFromScopes(scopes: string[]): {
  customerId?: string;
  anonymousId?: string;
  externalUserId?: string;
} {
  const identity: { customerId?: string; anonymousId?: string; externalUserId?: string } = {};
  for (const scope of scopes) {
    if (scope.startsWith('customer_id:')) identity.customerId = scope.slice('customer_id:'.length);
    else if (scope.startsWith('anonymous_id:')) identity.anonymousId = scope.slice('anonymous_id:'.length);
    else if (scope.startsWith('external_user_id:'))
      identity.externalUserId = scope.slice('external_user_id:'.length);
  }
  return identity;
}

/** The permissions a granted permission implies: `manage_x` implies `view_x`. */
function implied(permission: string): string[] {
  return permission.startsWith('manage_')
    ? [permission, `view_${permission.slice('manage_'.length)}`]
    : [permission];
}

/**
 * Whether one granted scope allows `required` in a project (and, on in-store routes, a Store).
 * `manage_project:{pk}` allows everything in its project; a store scope allows only its own Store's routes.
 */
export function grants(granted: string, required: string, projectKey: string, storeKey?: string): boolean {
  const scope = parseScope(granted);
  if (!scope || scope.projectKey !== projectKey) return false;
  if (scope.storeKey !== undefined && scope.storeKey !== storeKey) return false;
  if (scope.permission === 'manage_project' && scope.storeKey === undefined) return true;
  return implied(scope.permission).includes(required);
}

/**
 * Permissions an owning service checks itself, beyond what admits the route: a cart's lock (checkout facts
 * 4.7: only clients with `manage_locked_carts` change a locked cart, and only they lock or unlock one). The
 * gateway hands the ones a token holds on as `ctx.privileges`.
 */
export const SERVICE_CHECKED_PERMISSIONS = ['manage_locked_carts'] as const;
export type ServiceCheckedPermission = (typeof SERVICE_CHECKED_PERMISSIONS)[number];

/** Which of the service-checked permissions `granted` holds in the project (and Store). */
export function privilegesOf(
  granted: readonly string[],
  projectKey: string,
  storeKey?: string,
): ServiceCheckedPermission[] {
  return SERVICE_CHECKED_PERMISSIONS.filter((permission) =>
    satisfies(granted, [permission], projectKey, storeKey),
  );
}

/** Whether a request's context carries a service-checked permission (`ctx.privileges`, set by the gateway). */
export function hasPrivilege(
  ctx: { privileges?: readonly string[] },
  permission: ServiceCheckedPermission,
): boolean {
  return ctx.privileges?.includes(permission) === true;
}

/** Whether any granted scope allows any of the alternatives. */
export function satisfies(
  granted: readonly string[],
  alternatives: readonly string[],
  projectKey: string,
  storeKey?: string,
): boolean {
  return granted.some((scope) =>
    alternatives.some((required) => grants(scope, required, projectKey, storeKey)),
  );
}

/**
 * Whether a client holding `clientScopes` may ask for `requested` in a token. A client may ask for any
 * scope its own scopes imply, never more.
 */
export function covers(clientScopes: readonly string[], requested: string): boolean {
  if (isIdentityScope(requested)) return false;
  const scope = parseScope(requested);
  if (!scope) return false;
  return (
    satisfies(clientScopes, [scope.permission], scope.projectKey, scope.storeKey) ||
    clientScopes.includes(requested)
  );
}
