import { AuthInitial1763700000000 } from './1763700000000-auth-initial.js';

/** Every migration of the auth schema, in order. Committed; run at start. */
export const authMigrations = [AuthInitial1763700000000];
