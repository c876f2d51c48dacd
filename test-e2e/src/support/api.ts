import { http, type HttpOptions, type HttpResponse } from './http.js';
import { platform } from './platform.js';
import { adminToken } from './tokens.js';

/** Raw HTTP on the test project's paths with the admin token: `api.post('stores', draft)`. */
export const api = {
  async request<T = any>(method: string, path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
    const { projectKey } = await platform();
    return http<T>(method, `/${projectKey}/${path}`, { token: await adminToken(), ...options });
  },
  get: <T = any>(path: string, options?: HttpOptions) => api.request<T>('GET', path, options),
  head: (path: string, options?: HttpOptions) => api.request('HEAD', path, options),
  post: <T = any>(path: string, body: unknown, options?: HttpOptions) =>
    api.request<T>('POST', path, { ...options, body }),
  delete: <T = any>(path: string, options?: HttpOptions) => api.request<T>('DELETE', path, options),
  /** Creates and fails loudly, for test set-up. */
  async create<T = any>(path: string, body: unknown): Promise<T> {
    const response = await api.post<T>(path, body);
    if (response.status !== 201)
      throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  },
  /** Applies update actions and fails loudly unless 200. */
  async update<T = any>(path: string, version: number, actions: object[]): Promise<T> {
    const response = await api.post<T>(path, { version, actions });
    if (response.status !== 200)
      throw new Error(`update ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  },
};

/** Polls until `check` returns a value or the deadline passes; never a fixed sleep. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
