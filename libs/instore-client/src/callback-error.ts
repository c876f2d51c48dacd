/** Why a callback call gave no usable token. The message is safe to show: it never carries the key or a token. */
export type CallbackFailure =
  /** The URL or its resolved address is not allowed (https only, no special addresses). */
  | 'refused'
  | 'timeout'
  | 'network'
  /** The callback answered another status than 200 (a redirect too: redirects are never followed). */
  | 'status'
  /** The callback did not accept the X-Api-Key (401 or 403). */
  | 'unauthorized'
  | 'too-large'
  /** Not JSON, or not the documented shape. */
  | 'malformed'
  /** The platform does not know the token, or it is no longer active. */
  | 'inactive-token'
  /** The token's scopes are not the ones answered, or reach beyond the Store, or lack what the kind needs. */
  | 'scope'
  /** The token expires too soon, or the answered expiry is not the platform's. */
  | 'expiry';

export class InStoreCallbackError extends Error {
  constructor(
    readonly reason: CallbackFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InStoreCallbackError';
  }
}
