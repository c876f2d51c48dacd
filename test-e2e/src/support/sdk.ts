import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { platform } from './platform.js';

/** The official SDK, wired exactly as a user would, against our host. */
export async function sdk(scopes?: string[]) {
  const { apiUrl, projectKey, clientId, clientSecret } = await platform();
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({
      host: apiUrl,
      projectKey,
      credentials: { clientId, clientSecret },
      scopes: scopes ?? [`manage_project:${projectKey}`],
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}
