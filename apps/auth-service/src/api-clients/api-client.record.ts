/** An API client as stored: the secret only as a hash. */
export interface ApiClientRecord {
  id: string;
  projectKey: string;
  name: string;
  scope: string;
  secretHash: string;
  createdAt: Date;
  lastUsedAt: string | null;
  accessTokenValiditySeconds: number | null;
  refreshTokenValiditySeconds: number | null;
  deleteAt: Date | null;
}

/** What a grant reads of the client it authenticated: the token endpoint loads no more. */
export type GrantingClient = Pick<
  ApiClientRecord,
  | 'id'
  | 'projectKey'
  | 'scope'
  | 'secretHash'
  | 'accessTokenValiditySeconds'
  | 'refreshTokenValiditySeconds'
  | 'deleteAt'
>;

export const DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS = 172_800;
export const DEFAULT_REFRESH_TOKEN_VALIDITY_SECONDS = 17_280_000;
