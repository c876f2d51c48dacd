/**
 * A project's in-store application integration settings (spec: In-store application callback): where the
 * in-store application asks the merchant's callback for tokens, and whether a Callback API Key is stored. The
 * key itself is write-only: it is encrypted at rest and never part of an answer.
 */
export interface InStoreIntegration {
  tokenRetrievalUrl: string;
  callbackApiKeyConfigured: true;
  /** Nothing of the key is shown, not even its last characters: only when it was last set. */
  callbackApiKeySetAt: string;
  version: number;
  createdAt: string;
  lastModifiedAt: string;
}

/**
 * The merchant callback's answer for a user key or a cart id (the spec shows none; this platform's shape,
 * documented in docs/INSTORE.md): an OAuth access token of this platform, as the token endpoint answers it,
 * plus what it was issued for.
 */
export interface InStoreCallbackToken {
  kind: 'user' | 'cart';
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  projectKey: string;
  storeKey: string;
  /** `user` answers only: the customer the token speaks for. */
  customerId?: string;
}

/** The grant type that issues a token for a customer of a Store without the customer's password. */
export const IN_STORE_CUSTOMER_GRANT_TYPE = 'urn:commerce:params:oauth:grant-type:in-store-customer';

/** The permission an API client needs for that grant: `issue_customer_tokens:{projectKey}:{storeKey}`. */
export const ISSUE_CUSTOMER_TOKENS = 'issue_customer_tokens';

/** A callback token the platform (or the in-store client) has checked; `expiresAt` in epoch seconds. */
export type CheckedInStoreToken = InStoreCallbackToken & { expiresAt: number };
