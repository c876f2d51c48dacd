import { date, datetime, integer, optional, resource, string } from '../shapes/shape.js';

/** What an API client shows; each field is a column of `auth.api_clients` (`where` and `sort` use it). */
const API_CLIENT_FIELDS = {
  id: string({ column: 'id' }),
  name: string({ column: 'name' }),
  scope: string({ column: 'scope' }),
  createdAt: optional(datetime({ column: 'created_at' })),
  /** Date only, `YYYY-MM-DD`. */
  lastUsedAt: optional(date({ column: 'last_used_at' })),
  deleteAt: optional(datetime({ column: 'delete_at' })),
  accessTokenValiditySeconds: optional(integer({ column: 'access_token_validity_seconds' })),
  refreshTokenValiditySeconds: optional(integer({ column: 'refresh_token_validity_seconds' })),
} as const;

/**
 * An API client (reference facts 4.6) as reading it answers: `id` is the OAuth `client_id`; no version, no
 * secret (GraphQL `APIClientWithoutSecret`).
 */
export const ApiClientShape = resource('APIClientWithoutSecret', API_CLIENT_FIELDS, {
  base: false,
  graphqlQuery: { single: 'apiClient' },
});

/** What creating one answers, the only time its `secret` is shown (GraphQL `APIClientWithSecret`). */
export const ApiClientWithSecretShape = resource(
  'APIClientWithSecret',
  { ...API_CLIENT_FIELDS, secret: string() },
  { base: false },
);
