import { IN_STORE_CUSTOMER_GRANT_TYPE, type TokenResponse } from '@commerce/contracts';
import type { CallbackConfig } from './config.js';

/** A failure at the authorization service: `notFound` when the customer is not one of the Store's. */
export class PlatformTokenError extends Error {
  constructor(
    readonly notFound: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformTokenError';
  }
}

/**
 * Tokens from the platform's authorization service with the narrowest scopes that do the job: a user token
 * for one customer of the Store (the in-store customer grant, store scopes only), and a cart token holding
 * only `manage_orders:{projectKey}:{storeKey}` (client credentials).
 */
export class PlatformTokens {
  private readonly basic: string;

  constructor(private readonly config: CallbackConfig) {
    this.basic = Buffer.from(`${config.COMMERCE_CLIENT_ID}:${config.COMMERCE_CLIENT_SECRET}`).toString(
      'base64',
    );
  }

  userToken(userKey: string): Promise<TokenResponse> {
    const { COMMERCE_PROJECT_KEY: pk, COMMERCE_STORE_KEY: store } = this.config;
    const scope = this.config.INSTORE_USER_PERMISSIONS.split(',')
      .map((permission) => `${permission}:${pk}:${store}`)
      .join(' ');
    return this.token(`/oauth/${pk}/in-store/key=${store}/customers/token`, {
      grant_type: IN_STORE_CUSTOMER_GRANT_TYPE,
      customer_key: userKey,
      scope,
    });
  }

  cartToken(): Promise<TokenResponse> {
    const { COMMERCE_PROJECT_KEY: pk, COMMERCE_STORE_KEY: store } = this.config;
    return this.token('/oauth/token', {
      grant_type: 'client_credentials',
      scope: `manage_orders:${pk}:${store}`,
    });
  }

  private async token(path: string, form: Record<string, string>): Promise<TokenResponse> {
    let response: Response;
    try {
      response = await fetch(`${this.config.COMMERCE_AUTH_URL.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${this.basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.COMMERCE_AUTH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PlatformTokenError(
        false,
        `The authorization service did not answer (${(error as Error).name}).`,
      );
    }
    const body = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & { error?: string };
    if (response.status === 200 && typeof body.access_token === 'string') return body as TokenResponse;
    throw new PlatformTokenError(
      body.error === 'invalid_grant',
      `The authorization service answered ${response.status}${body.error ? ` ${body.error}` : ''}.`,
    );
  }
}
