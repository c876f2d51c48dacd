import type { InStoreIntegration } from '@commerce/contracts';
import {
  InStoreCallbackClient,
  InStoreCallbackError,
  platformIntrospection,
  type ValidatedCallbackToken,
} from '@commerce/instore-client';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { parseArgs } from 'node:util';
import { ADMIN_ENV_USAGE, adminFromEnv, adminToken, type Admin } from './api-admin.js';

export const INSTORE_USAGE = `Usage: npm run cli -- instore user-token <userKey> --store <storeKey>
       npm run cli -- instore cart-token <cartId> --store <storeKey>
       npm run cli -- instore show

Reads the project's in-store integration settings through the API with the admin client, calls the
Token Retrieval URL as the in-store application does (GET <callback_path>/<id>, X-Api-Key) and prints the
token once the platform's introspection confirms it. Environment:
${ADMIN_ENV_USAGE}
  INSTORE_CALLBACK_API_KEY   the Callback API Key: set, the CLI calls the callback itself; unset, it asks the
                             platform to call it with the stored key (POST .../in-store-integration/token-retrievals).
                             Never an argument.
  OUTBOUND_ALLOW_PRIVATE     true allows http and private addresses (local development only)`;

async function settings(admin: Admin): Promise<InStoreIntegration> {
  const response = await fetch(`${admin.apiUrl}/${admin.projectKey}/in-store-integration`, {
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
  const response = await fetch(`${admin.apiUrl}/${admin.projectKey}/in-store-integration/token-retrievals`, {
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

/** `npm run cli -- instore ...`: exit code 0, 1 (failed) or 2 (usage). */
export async function instoreCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const usage = (problem: string) => {
    process.stderr.write(`${problem}\n${INSTORE_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { store: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [action, id] = positionals;
  if (action !== 'show' && action !== 'user-token' && action !== 'cart-token') {
    return usage(`Unknown instore action '${action ?? ''}'.`);
  }
  if (action !== 'show') {
    if (!id || positionals.length !== 2) return usage('One user key or cart id is required.');
    if (!values.store) return usage('--store is required.');
  }
  try {
    const admin = await adminFromEnv(env);
    if (action === 'show') {
      process.stdout.write(`${JSON.stringify(await settings(admin), null, 2)}\n`);
      return 0;
    }
    const apiKey = env.INSTORE_CALLBACK_API_KEY;
    if (!apiKey) {
      const ref = action === 'user-token' ? { userKey: id } : { cartId: id };
      process.stdout.write(
        `${JSON.stringify(await platformRetrieval(admin, { storeKey: values.store, ...ref }), null, 2)}\n`,
      );
      return 0;
    }
    const { tokenRetrievalUrl } = await settings(admin);
    const client = new InStoreCallbackClient({
      tokenRetrievalUrl,
      callbackApiKey: apiKey,
      projectKey: admin.projectKey,
      storeKey: values.store!,
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
    process.stdout.write(`${JSON.stringify(token, null, 2)}\n`);
    return 0;
  } catch (error) {
    const reason = error instanceof InStoreCallbackError ? ` [${error.reason}]` : '';
    process.stderr.write(
      `instore failed${reason}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}
