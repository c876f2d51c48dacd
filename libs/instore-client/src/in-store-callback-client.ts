import type { CheckedInStoreToken, IntrospectionResponse } from '@commerce/contracts';
import { OutboundClient, OutboundError, type OutboundPolicy } from '@commerce/outbound';
import { InStoreCallbackError } from './callback-error.js';
import { checkIntrospection, parseCallbackAnswer, type TokenKind } from './validate-token.js';

export interface InStoreCallbackClientOptions {
  /** The project's Token Retrieval URL (its `<callback_path>`). */
  tokenRetrievalUrl: string;
  /** Sent as `X-Api-Key`; never logged, never part of an error. */
  callbackApiKey: string;
  projectKey: string;
  /** The Store the in-store application runs in: every token must be limited to it. */
  storeKey: string;
  /** `OUTBOUND_ALLOW_PRIVATE=true` (local development and tests) allows http and private addresses. */
  policy: OutboundPolicy;
  /** The platform's introspection of a token (e.g. `platformIntrospection`). */
  introspect: (token: string) => Promise<IntrospectionResponse>;
  /** The whole call, DNS to the last byte. Default 3000 ms. */
  timeoutMs?: number;
  /** Default 16 KiB: a token answer is a few hundred bytes. */
  maxResponseBytes?: number;
  /** A token with less validity left is refused. Default 30 s. */
  minValiditySeconds?: number;
  now?: () => number;
}

/** A token the callback answered and the platform confirmed (`expiresAt` from its introspection). */
export type ValidatedCallbackToken = CheckedInStoreToken;

const ID = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * The in-store application's side of the callback (spec: In-store application callback): `GET
 * <callback_path>/<userKey>` for a user token and `GET <callback_path>/<cartId>` for a payment or return cart
 * token, with `X-Api-Key`. The call is SSRF-safe (libs/outbound: https only, every resolved address checked
 * at connect time, no redirects), has one short deadline and a bounded answer; the token is checked with
 * the platform's introspection. Every failure is an `InStoreCallbackError` with its reason.
 */
export class InStoreCallbackClient {
  private readonly http: OutboundClient;

  constructor(private readonly options: InStoreCallbackClientOptions) {
    this.http = new OutboundClient(options.policy);
  }

  userToken(userKey: string): Promise<ValidatedCallbackToken> {
    return this.retrieve('user', userKey);
  }

  /** A payment cart or a return cart: the callback is the same. */
  cartToken(cartId: string): Promise<ValidatedCallbackToken> {
    return this.retrieve('cart', cartId);
  }

  close(): void {
    this.http.close();
  }

  private async retrieve(kind: TokenKind, id: string): Promise<ValidatedCallbackToken> {
    if (!ID.test(id)) {
      throw new InStoreCallbackError(
        'refused',
        `A ${kind === 'user' ? 'user key' : 'cart id'} is 1-256 of [A-Za-z0-9_-].`,
      );
    }
    const { projectKey, storeKey } = this.options;
    const expected = { kind, projectKey, storeKey };
    const body = await this.call(`${this.options.tokenRetrievalUrl.replace(/\/+$/, '')}/${id}`);
    const answer = parseCallbackAnswer(body, expected);
    let introspection: IntrospectionResponse;
    try {
      introspection = await this.options.introspect(answer.access_token);
    } catch (error) {
      throw new InStoreCallbackError(
        'network',
        `The platform's introspection failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const now = Math.floor((this.options.now?.() ?? Date.now()) / 1000);
    const checked = checkIntrospection(
      answer,
      introspection,
      expected,
      now,
      this.options.minValiditySeconds ?? 30,
    );
    return { ...answer, ...checked };
  }

  private async call(url: string): Promise<string> {
    let response;
    try {
      response = await this.http.request(url, {
        method: 'GET',
        headers: { 'x-api-key': this.options.callbackApiKey, accept: 'application/json' },
        timeoutMs: this.options.timeoutMs ?? 3_000,
        maxResponseBytes: this.options.maxResponseBytes ?? 16 * 1024,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      const reason = error.reason === 'response' ? 'too-large' : error.reason;
      throw new InStoreCallbackError(reason, `The callback call failed: ${error.message}`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new InStoreCallbackError(
        'unauthorized',
        `The callback refused the X-Api-Key (${response.status}).`,
      );
    }
    if (response.status !== 200) {
      const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
      throw new InStoreCallbackError('status', `The callback answered ${response.status}${redirect}.`);
    }
    return response.body;
  }
}
