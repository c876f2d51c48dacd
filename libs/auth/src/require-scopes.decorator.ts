import { SetMetadata } from '@nestjs/common';

export const REQUIRED_SCOPES = 'commerce:required-scopes';
export const PUBLIC_ROUTE = 'commerce:public-route';

/**
 * Declares the permissions an operation needs; any one of them is enough, and `manage_project` always is.
 * Read by the gateway's single authorization guard.
 */
export const RequireScopes = (...permissions: string[]) => SetMetadata(REQUIRED_SCOPES, permissions);

/** Marks a route that needs no bearer token (OAuth endpoints, health probes). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
