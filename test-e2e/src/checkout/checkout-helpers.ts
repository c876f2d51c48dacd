import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

export type Client = ReturnType<ReturnType<typeof createApiBuilderFromCtpClient>['withProjectKey']>;

/** An SDK error's status and first error, or undefined when the call succeeded. */
export async function failure(
  request: Promise<unknown>,
): Promise<{ statusCode: number; code: string; error: Record<string, unknown> } | undefined> {
  try {
    await request;
    return undefined;
  } catch (error) {
    const failed = error as { statusCode?: number; body?: { errors?: Array<Record<string, unknown>> } };
    if (!failed.statusCode) throw error;
    const first = failed.body?.errors?.[0] ?? {};
    return { statusCode: failed.statusCode, code: String(first.code), error: first };
  }
}

/**
 * A project of its own with the official SDK on its admin client, for tests that fill a project to its
 * limits or need locations no other test names.
 */
export async function freshProject(): Promise<{ projectKey: string; client: Client }> {
  const { apiUrl, projectKey: bootstrap } = await platform();
  const projectKey = uniqueKey('checkout');
  const created = await http<{ adminClient: { id: string; secret: string } }>(
    'POST',
    `/${bootstrap}/projects`,
    {
      token: await adminToken(),
      body: { key: projectKey, languages: ['en', 'de'], countries: ['DE', 'US'], currencies: ['EUR', 'USD'] },
    },
  );
  if (created.status !== 201) throw new Error(`creating a project answered ${created.status}`);
  const { id: clientId, secret: clientSecret } = created.body.adminClient;
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({
      host: apiUrl,
      projectKey,
      credentials: { clientId, clientSecret },
      scopes: [`manage_project:${projectKey}`],
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  return { projectKey, client: createApiBuilderFromCtpClient(client).withProjectKey({ projectKey }) };
}
