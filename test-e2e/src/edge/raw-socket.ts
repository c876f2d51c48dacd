import net from 'node:net';
import { platform } from '../support/platform.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * Sends bytes exactly as given on a new connection (what fetch refuses to send: a body on GET, an Upgrade
 * header, another HTTP version) and reads the answer until the server closes the connection.
 */
export async function rawExchange(request: string): Promise<RawResponse> {
  const { apiUrl } = await platform();
  const { hostname, port } = new URL(apiUrl);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const bodyText = rest.join('\r\n\r\n');
  let body: unknown = bodyText;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** A request with `Connection: close`, so that the answer ends with the connection. */
export function requestText(requestLine: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries({ Host: 'localhost', Connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `${requestLine}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
