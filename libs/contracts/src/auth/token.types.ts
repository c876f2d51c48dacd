import { enumOf, type Infer, integer, object, optional, string } from '../shapes/shape.js';

/** What the gateway forwards from `POST /oauth/...`: the Basic credentials and the decoded form. */
export interface TokenRequest {
  path: 'token' | 'customers' | 'in-store-customers' | 'anonymous';
  projectKey?: string;
  storeKey?: string;
  credentials?: { clientId: string; clientSecret: string };
  form: Record<string, string>;
  remoteAddress?: string;
  correlationId: string;
  /** When the gateway stops waiting (epoch ms), as `RequestContext.deadline`. */
  deadline?: number;
}

/** The token endpoints' answer (RFC 6749 5.1). */
export const TokenResponseShape = object('TokenResponse', {
  access_token: string(),
  token_type: enumOf('TokenType', ['Bearer']),
  expires_in: integer(),
  scope: string(),
  refresh_token: optional(string()),
});
export type TokenResponse = Infer<typeof TokenResponseShape>;

/** A validated access token, as the gateway caches it. */
export interface Principal {
  projectKey: string;
  clientId: string;
  scopes: string[];
  /** Epoch seconds. */
  expiresAt: number;
  customerId?: string;
  anonymousId?: string;
  externalUserId?: string;
  /** Set when the token was issued for one Store only (in-store password flow). */
  storeKey?: string;
  /** Hash of the token, the key under which revocation events name it. */
  tokenHash: string;
  /** Issued by the project's external OAuth server, not by this platform. */
  external?: boolean;
}

export type VerifyTokenResult = { active: true; principal: Principal } | { active: false };

/** `auth.tokens.revocations`: the revocation log after a position (none: only the current position). */
export interface TokenRevocationsRequest {
  after?: number;
}

/** A page of the revocation log: the access tokens revoked after the asked position, in order. */
export interface TokenRevocationsPage {
  /** The position to ask after next time. */
  cursor: number;
  /** Hashes of the access tokens revoked after the asked position, up to `cursor`. */
  tokenHashes: string[];
  /** More entries follow `cursor`: ask again at once. */
  more: boolean;
  /** False when entries after the asked position are no longer kept: forget every cached token. */
  complete: boolean;
}
