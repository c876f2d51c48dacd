import { http, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

export const CONFIG_PATH = 'insights-configuration';

/** A request on the test project's insights configuration with the admin token (or the given one). */
export async function insights(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  body?: unknown,
  token?: string,
): Promise<HttpResponse> {
  const { projectKey } = await platform();
  return http(method, `/${projectKey}/${CONFIG_PATH}`, {
    token: token ?? (await adminToken()),
    ...(body !== undefined ? { body } : {}),
  });
}

/** Starts from no configuration. */
export async function resetConfiguration(): Promise<void> {
  const response = await insights('DELETE');
  if (response.status !== 200 && response.status !== 404) {
    throw new Error(`DELETE answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

export async function putConfiguration(draft: object): Promise<any> {
  const response = await insights('PUT', draft);
  if (response.status !== 200)
    throw new Error(`PUT answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function updateConfiguration(actions: object[]): Promise<any> {
  const response = await insights('POST', { actions });
  if (response.status !== 200)
    throw new Error(`POST answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}
