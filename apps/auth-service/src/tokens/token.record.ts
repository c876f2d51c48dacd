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
  refreshTokenHash?: string;
}
