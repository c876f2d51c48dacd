import { platform } from './platform.js';

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface HttpOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  form?: Record<string, string>;
  /** Sent as is: lets tests send unencoded form bodies the way the SDK does. */
  rawForm?: string;
  basic?: { id: string; secret: string };
  headers?: Record<string, string>;
}

/** A tiny raw-HTTP helper for what the SDKs hide: status codes, headers and exact bodies. */
export async function http<T = any>(
  method: string,
  path: string,
  options: HttpOptions = {},
): Promise<HttpResponse<T>> {
  const { apiUrl } = await platform();
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.basic) {
    headers.authorization = `Basic ${Buffer.from(`${options.basic.id}:${options.basic.secret}`).toString('base64')}`;
  }
  if (options.body !== undefined || options.rawBody !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.rawBody ?? JSON.stringify(options.body);
  }
  if (options.form || options.rawForm !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.rawForm ?? new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}
