import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { OutboundError } from './outbound-error.js';
import { checkOutboundUrl, type OutboundPolicy } from './outbound-policy.js';
import { safeLookup, type Resolver } from './safe-lookup.js';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, DNS, connect, TLS, request and response included. */
  timeoutMs: number;
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * HTTP calls to addresses configured by users (external OAuth introspection, metrics export), safe against
 * SSRF: the URL is checked first, every resolved address is checked at connect time, redirects are never
 * followed (a 3xx is returned as is), and one deadline covers the whole call. No retries.
 */
export class OutboundClient {
  private readonly httpsAgent: https.Agent;
  private readonly httpAgent: http.Agent;

  constructor(
    private readonly policy: OutboundPolicy,
    resolver?: Resolver,
  ) {
    const lookup = safeLookup(policy, resolver);
    this.httpsAgent = new https.Agent({ keepAlive: true, lookup });
    this.httpAgent = new http.Agent({ keepAlive: true, lookup });
  }

  async request(rawUrl: string, request: OutboundRequest): Promise<OutboundResponse> {
    const url = checkOutboundUrl(rawUrl, this.policy);
    const signal = AbortSignal.timeout(request.timeoutMs);
    try {
      return await this.send(url, request, signal);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (signal.aborted) {
        throw new OutboundError('timeout', `No answer within ${request.timeoutMs} ms.`);
      }
      const code = (error as NodeJS.ErrnoException)?.code;
      throw new OutboundError('network', `The call failed${code ? ` (${code})` : ''}.`);
    }
  }

  /** A form POST (`application/x-www-form-urlencoded`). */
  postForm(
    url: string,
    form: Record<string, string>,
    options: Omit<OutboundRequest, 'method' | 'body'>,
  ): Promise<OutboundResponse> {
    return this.request(url, {
      ...options,
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  close(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }

  private send(url: URL, request: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
    const limit = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    return new Promise<OutboundResponse>((resolve, reject) => {
      const call = (secure ? https : http).request(
        url,
        { method: request.method, headers, signal, agent: secure ? this.httpsAgent : this.httpAgent },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limit) {
              response.destroy();
              reject(new OutboundError('response', `The answer is larger than ${limit} bytes.`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      call.on('error', reject);
      call.end(request.body);
    });
  }
}
