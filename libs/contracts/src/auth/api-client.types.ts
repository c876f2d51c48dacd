import type { PagedQueryResponse } from '../common/types.js';

/** An API client (reference facts 4.6). `id` is the OAuth `client_id`; `secret` only in the create response. */
export interface ApiClient {
  id: string;
  name: string;
  scope: string;
  secret?: string;
  /** Date only, `YYYY-MM-DD`. */
  lastUsedAt?: string;
  deleteAt?: string;
  createdAt?: string;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
}

export interface ApiClientDraft {
  name: string;
  scope: string;
  deleteDaysAfterCreation?: number;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
}

export type ApiClientPagedQueryResponse = PagedQueryResponse<ApiClient>;

/** Bounds of the token validity periods an API client may set (reference facts 4.6). */
export const API_CLIENT_LIMITS = {
  accessTokenValiditySeconds: { min: 3_600, max: 604_800, default: 172_800 },
  refreshTokenValiditySeconds: { min: 30, max: 31_536_000, default: 17_280_000 },
} as const;
