import type { QuerySchema } from '@commerce/query';

/** The fields of an API client that `where` and `sort` may name; each is a column of `auth.api_clients`. */
export const apiClientQuerySchema: QuerySchema = {
  id: { type: 'string', column: 'id' },
  name: { type: 'string', column: 'name' },
  scope: { type: 'string', column: 'scope' },
  createdAt: { type: 'datetime', column: 'created_at' },
  lastUsedAt: { type: 'date', column: 'last_used_at' },
  deleteAt: { type: 'datetime', column: 'delete_at' },
  accessTokenValiditySeconds: { type: 'number', column: 'access_token_validity_seconds' },
  refreshTokenValiditySeconds: { type: 'number', column: 'refresh_token_validity_seconds' },
};
