import type { PagedQueryResponse } from '../common/types.js';
import type { Infer } from '../shapes/shape.js';
import type { ApiClientShape, ApiClientWithSecretShape } from './api-client.shape.js';

/** An API client as reading it answers (`ApiClientShape`). */
export type ApiClient = Infer<typeof ApiClientShape>;
/** An API client as its create answers it, with its secret (`ApiClientWithSecretShape`). */
export type ApiClientWithSecret = Infer<typeof ApiClientWithSecretShape>;

export type ApiClientPagedQueryResponse = PagedQueryResponse<ApiClient>;

/** Bounds of the token validity periods an API client may set (reference facts 4.6). */
export const API_CLIENT_LIMITS = {
  accessTokenValiditySeconds: { min: 3_600, max: 604_800, default: 172_800 },
  refreshTokenValiditySeconds: { min: 30, max: 31_536_000, default: 17_280_000 },
} as const;
