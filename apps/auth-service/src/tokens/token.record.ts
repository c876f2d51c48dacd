export type TokenKind = 'access' | 'refresh';

/** A token as stored: only its hash identifies it. */
export interface TokenRecord {
  tokenHash: string;
  kind: TokenKind;
  projectKey: string;
  clientId: string;
  scope: string;
  expiresAt: Date;
  createdAt: Date;
  customerId?: string;
  anonymousId?: string;
  storeKey?: string;
  /** On an access token: the refresh token it was issued with, whose revocation revokes it too. */
  refreshTokenHash?: string;
}
