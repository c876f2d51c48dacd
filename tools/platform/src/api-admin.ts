import { isLoopbackAddress } from '@commerce/outbound';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { localPlatformUrl } from './platform-url.js';

/** The platform's admin as the CLI acts: the HTTP API with the bootstrap project's admin client. */
export interface Admin {
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

export const ADMIN_ENV_USAGE = `  COMMERCE_API_URL           the platform; http only on this machine (default: where npm start serves,
                             http://127.0.0.1:8080, or PORT, HOST and TLS_CERT_FILE as npm start reads them)
  COMMERCE_PROJECT_KEY       the project (default demo); for create-project the bootstrap project
  COMMERCE_ADMIN_CLIENT_ID, COMMERCE_ADMIN_CLIENT_SECRET
                             its admin client (default: DATA_DIR/admin-client.json of npm start)`;

/** Whether `hostname` (as `URL` gives it: IPv6 in brackets) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackAddress(hostname);
}

/** The admin from the environment; credentials travel over https, or over http to this machine only. */
export async function adminFromEnv(env: NodeJS.ProcessEnv): Promise<Admin> {
  const apiUrl = (env.COMMERCE_API_URL ?? localPlatformUrl(env)).replace(/\/+$/, '');
  const url = new URL(apiUrl);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new Error(`COMMERCE_API_URL must be https (http only for this machine): ${apiUrl}`);
  }
  const projectKey = env.COMMERCE_PROJECT_KEY ?? 'demo';
  if (env.COMMERCE_ADMIN_CLIENT_ID && env.COMMERCE_ADMIN_CLIENT_SECRET) {
    return {
      apiUrl,
      projectKey,
      clientId: env.COMMERCE_ADMIN_CLIENT_ID,
      clientSecret: env.COMMERCE_ADMIN_CLIENT_SECRET,
    };
  }
  const file = path.resolve(env.DATA_DIR ?? '.data', 'admin-client.json');
  let saved: { clientId: string; clientSecret: string };
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as { clientId: string; clientSecret: string };
  } catch {
    throw new Error(`no admin credentials: set COMMERCE_ADMIN_CLIENT_ID/_SECRET, or DATA_DIR (no ${file})`);
  }
  return { apiUrl, projectKey, ...saved };
}

/**
 * `fetch` of `path` on the platform; a failed connection names the URL tried and what to do about it.
 */
export async function apiFetch(admin: Admin, path: string, init?: RequestInit): Promise<Response> {
  const url = `${admin.apiUrl}${path}`;
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(
      `cannot reach the platform at ${admin.apiUrl} (${why}). Is it running? Start it with \`npm start\`; ` +
        'if it serves elsewhere, set PORT (as for npm start) or COMMERCE_API_URL.',
    );
  }
}

/** A token of the admin client (client credentials grant). */
export async function adminToken(admin: Admin): Promise<string> {
  const response = await apiFetch(admin, '/oauth/token', {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${admin.clientId}:${admin.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) {
    throw new Error(`the admin client got no token (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.access_token;
}
