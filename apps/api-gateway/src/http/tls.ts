import { ConfigError } from '@commerce/config';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { SecureContextOptions, TlsOptions } from 'node:tls';

/** TLS versions the gateway accepts when it terminates TLS itself (spec: TLS 1.2 or 1.3). */
export const TLS_VERSIONS = { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.3' } as const;

export interface TlsFiles {
  TLS_CERT_FILE?: string;
  TLS_KEY_FILE?: string;
}

/**
 * The HTTPS server options from the certificate chain and key files (PEM), or undefined when the gateway
 * speaks plain HTTP behind a TLS-terminating ingress. One file without the other, or a file that cannot be
 * read, stops the start with the variable's name.
 */
export function tlsOptions(config: TlsFiles): (TlsOptions & SecureContextOptions) | undefined {
  const { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile } = config;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together (or neither).');
  }
  return { cert: readPem('TLS_CERT_FILE', certFile), key: readPem('TLS_KEY_FILE', keyFile), ...TLS_VERSIONS };
}

function readPem(name: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ConfigError(`${name} cannot be read: ${(error as Error).message}`);
  }
}

const NOT_FOUND_HTML =
  '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>404 Not Found</h1>' +
  '<p>This API is served over HTTPS only.</p></body></html>\n';

/**
 * The plain-HTTP listener beside an HTTPS gateway: every request is answered 404 with an HTML body (spec:
 * Authentication, plain HTTP), never redirected, so a token sent in the clear is not invited to travel again.
 */
export function plainHttpRefusal(): http.Server {
  return http.createServer((request, response) => {
    response.writeHead(404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(NOT_FOUND_HTML),
      Connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : NOT_FOUND_HTML);
  });
}
