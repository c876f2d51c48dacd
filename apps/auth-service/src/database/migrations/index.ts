import { AuthInitial1763700000000 } from './1763700000000-auth-initial.js';
import { AuthCustomers1763800000000 } from './1763800000000-customers.js';
import { AuthTokenFamilies1763800000001 } from './1763800000001-token-families.js';
import { AuthInStoreIntegrations1763900000000 } from './1763900000000-in-store-integrations.js';
import { AuthCustomerAccounts1763900000001 } from './1763900000001-customer-accounts.js';
import { AuthTokensRefreshLruPartial1763950000000 } from './1763950000000-tokens-refresh-lru-partial.js';
import { AuthLoginAttempts1764000000000 } from './1764000000000-login-attempts.js';
import { AuthTokenOwners1764200000000 } from './1764200000000-token-owners.js';
import { AuthTokenRevocationLog1764200000001 } from './1764200000001-token-revocation-log.js';
import { AuthReferenceProtocol1764300000000 } from './1764300000000-reference-protocol.js';
import { AuthMessageRelay1764400000000 } from './1764400000000-auth-message-relay.js';
import { AuthExtensions1764500000000 } from './1764500000000-extensions.js';

/** Every migration of the auth schema, in order. Committed; run at start. */
import { AuthSearchFuzzy1764600000000 } from './1764600000000-auth-search-fuzzy.js';
import { AuthSubscriptions1765100000000 } from './1765100000000-auth-subscriptions.js';
import { AuthSubscriptionStop1765200000000 } from './1765200000000-auth-subscription-stop.js';

export const authMigrations = [
  AuthInitial1763700000000,
  AuthCustomers1763800000000,
  AuthTokenFamilies1763800000001,
  AuthInStoreIntegrations1763900000000,
  AuthCustomerAccounts1763900000001,
  AuthTokensRefreshLruPartial1763950000000,
  AuthLoginAttempts1764000000000,
  AuthTokenOwners1764200000000,
  AuthTokenRevocationLog1764200000001,
  AuthReferenceProtocol1764300000000,
  AuthMessageRelay1764400000000,
  AuthExtensions1764500000000,
  AuthSearchFuzzy1764600000000,
  AuthSubscriptions1765100000000,
  AuthSubscriptionStop1765200000000,
];
