import type { InStoreIntegration } from '@commerce/contracts';
import {
  InStoreCallbackClient,
  InStoreCallbackError,
  platformIntrospection,
  type ValidatedCallbackToken,
} from '@commerce/instore-client';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { adminFromEnv, adminToken, apiFetch, type Admin } from './api-admin.js';
import { processOutput, type CliOutput } from './cli-output.js';

export const INSTORE_ENV_USAGE = `  INSTORE_CALLBACK_API_KEY   the Callback API Key: set, the CLI calls the callback itself; unset, it asks the
                             platform to call it with the stored key (POST .../in-store-integration/token-retrievals).
                             Never an argument.
  OUTBOUND_ALLOW_PRIVATE     true allows http and private addresses (local development only)`;

/** What `instore` is asked: the settings, or a token for a user key or cart id in a Store. */
export type InstoreRequest =
  { action: 'show' } | { action: 'user-token' | 'cart-token'; id: string; store: string };

async function settings(admin: Admin): Promise<InStoreIntegration> {
  const response = await apiFetch(admin, `/${admin.projectKey}/in-store-integration`, {
    headers: { authorization: `Bearer ${await adminToken(admin)}` },
  });
  const body = (await response.json()) as InStoreIntegration;
  if (response.status === 404)
    throw new Error(`the project '${admin.projectKey}' has no in-store integration set`);
  if (response.status !== 200)
    throw new Error(`reading the settings answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The platform calls the callback with the stored key (the key never leaves it). */
async function platformRetrieval(
  admin: Admin,
  request: Record<string, string | undefined>,
): Promise<unknown> {
  const response = await apiFetch(admin, `/${admin.projectKey}/in-store-integration/token-retrievals`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(admin)}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { errors?: Array<{ reason?: string }>; message?: string };
  if (response.status !== 200) {
    const reason = body.errors?.[0]?.reason;
    throw new Error(
      `the platform's call answered ${response.status}${reason ? ` [${reason}]` : ''}: ${body.message}`,
    );
  }
  return body;
}

/** `npm run cli -- instore ...` (parsed by cli-program.ts): exit code 0, or 1 (failed). */
export async function instoreCommand(
  request: InstoreRequest,
  env: NodeJS.ProcessEnv = process.env,
  output: CliOutput = processOutput,
): Promise<number> {
  try {
    const admin = await adminFromEnv(env);
    if (request.action === 'show') {
      output.out(`${JSON.stringify(await settings(admin), null, 2)}\n`);
      return 0;
    }
    const { action, id, store } = request;
    const apiKey = env.INSTORE_CALLBACK_API_KEY;
    if (!apiKey) {
      const ref = action === 'user-token' ? { userKey: id } : { cartId: id };
      output.out(`${JSON.stringify(await platformRetrieval(admin, { storeKey: store, ...ref }), null, 2)}\n`);
      return 0;
    }
    const { tokenRetrievalUrl } = await settings(admin);
    const client = new InStoreCallbackClient({
      tokenRetrievalUrl,
      callbackApiKey: apiKey,
      projectKey: admin.projectKey,
      storeKey: store,
      policy: outboundPolicyFromEnv(env),
      introspect: platformIntrospection({
        authUrl: admin.apiUrl,
        clientId: admin.clientId,
        clientSecret: admin.clientSecret,
      }),
    });
    let token: ValidatedCallbackToken;
    try {
      token = action === 'user-token' ? await client.userToken(id) : await client.cartToken(id);
    } finally {
      client.close();
    }
    output.out(`${JSON.stringify(token, null, 2)}\n`);
    return 0;
  } catch (error) {
    const reason = error instanceof InStoreCallbackError ? ` [${error.reason}]` : '';
    output.err(`instore failed${reason}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
