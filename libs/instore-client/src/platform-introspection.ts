import type { IntrospectionResponse } from '@commerce/contracts';

/**
 * Introspection at the platform's authorization service (`POST {authUrl}/oauth/introspect`) with a client
 * that holds `introspect_oauth_tokens` (or `manage_project`). The URL is the platform's own, from
 * configuration, not a user-supplied address.
 */
export function platformIntrospection(options: {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}): (token: string) => Promise<IntrospectionResponse> {
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  return async (token) => {
    const response = await fetch(`${options.authUrl.replace(/\/+$/, '')}/oauth/introspect`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
    });
    if (response.status !== 200) throw new Error(`introspection answered ${response.status}`);
    const body = (await response.json()) as IntrospectionResponse;
    if (typeof body?.active !== 'boolean') throw new Error('introspection answered no `active`');
    return body;
  };
}
