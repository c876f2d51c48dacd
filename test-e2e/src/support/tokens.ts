import { http } from './http.js';
import { platform } from './platform.js';

const cache = new Map<string, string>();

/** A client-credentials token of the admin client, optionally narrowed to some scopes. */
export async function adminToken(scopes?: string[]): Promise<string> {
  const { clientId, clientSecret } = await platform();
  const cacheKey = (scopes ?? []).join(' ');
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const form: Record<string, string> = { grant_type: 'client_credentials' };
  if (scopes) form.scope = scopes.join(' ');
  const response = await http('POST', '/oauth/token', {
    basic: { id: clientId, secret: clientSecret },
    form,
  });
  if (response.status !== 200) throw new Error(`token request failed: ${JSON.stringify(response.body)}`);
  cache.set(cacheKey, response.body.access_token);
  return response.body.access_token;
}
