import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

const TWENTY_MB = 20 * 1024 * 1024;

const contentTooLarge = {
  statusCode: 413,
  message: 'Content too large.',
  errors: [{ code: 'ContentTooLarge', message: 'Content too large.' }],
};

interface CurlResult {
  exitCode: number;
  stderr: string;
  status: number;
  /** Every response head curl read, 100 Continue included. */
  heads: string;
  body: unknown;
}

/** POSTs a JSON body (20 MB unless said) to the Stores endpoint with curl, as a command-line client would. */
async function curlPost(expect: 'Expect: 100-continue' | 'Expect:', size = TWENTY_MB): Promise<CurlResult> {
  const { apiUrl, projectKey } = await platform();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oversized-'));
  try {
    const bodyFile = path.join(dir, 'body.json');
    const headFile = path.join(dir, 'heads.txt');
    await writeFile(bodyFile, `{"key":"${'x'.repeat(size)}"}`);
    const args = [
      '-sS',
      '-o',
      path.join(dir, 'answer.json'),
      '-D',
      headFile,
      '-w',
      '%{http_code}',
      // Without a prompt answer curl would send the body after 1 s: give the server all the time it needs.
      '--expect100-timeout',
      '60',
      '-H',
      `Authorization: Bearer ${await adminToken()}`,
      '-H',
      'Content-Type: application/json',
      '-H',
      expect,
      '--data-binary',
      `@${bodyFile}`,
      `${apiUrl}/${projectKey}/stores`,
    ];
    const outcome = await promisify(execFile)('curl', args, { timeout: 60_000 }).then(
      ({ stdout, stderr }) => ({ exitCode: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        exitCode: error.code ?? -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
    const answer = await readFile(path.join(dir, 'answer.json'), 'utf8').catch(() => '');
    return {
      exitCode: outcome.exitCode,
      stderr: outcome.stderr,
      status: Number(outcome.stdout),
      heads: await readFile(headFile, 'utf8').catch(() => ''),
      body: answer ? JSON.parse(answer) : undefined,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A client that writes its whole 20 MB request before it reads anything (a simple HTTP client does): what it
 * reads afterwards, and whether writing failed (EPIPE, ECONNRESET).
 */
async function sendAllThenRead(): Promise<{ writeError?: string; text: string }> {
  const { apiUrl, projectKey } = await platform();
  const { hostname, port } = new URL(apiUrl);
  const token = await adminToken();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let writeError: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', () => resolve({ writeError, text: Buffer.concat(chunks).toString('utf8') }));
    socket.on('connect', () => {
      socket.write(
        `POST /${projectKey}/stores HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${TWENTY_MB}\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < TWENTY_MB) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        // All sent: the client is done and closes its side once it has read the answer.
        socket.end();
      };
      pump();
    });
  });
}

describe('a request body over 16 MB: the 413 reaches a client that is still sending', () => {
  it('curl without Expect reads the 413 and its error body (no broken pipe)', async () => {
    const result = await curlPost('Expect:');
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.status).toBe(413);
    expect(result.body).toEqual(contentTooLarge);
  });

  it('curl with Expect: 100-continue gets the 413 at once, never a 100 Continue', async () => {
    const result = await curlPost('Expect: 100-continue');
    expect(result.exitCode).toBe(0);
    expect(result.status).toBe(413);
    expect(result.body).toEqual(contentTooLarge);
    expect(result.heads).not.toMatch(/^HTTP\/1\.1 100/m);
  });

  it('a body within the limit with Expect: 100-continue gets its 100 Continue and is read', async () => {
    // Under 1 MB: the distributed e2e run uses the machine's NATS, whose default max_payload is 1 MB (the
    // deployment's NATS takes 32 MB: deploy/k8s/base/nats/nats.conf).
    const result = await curlPost('Expect: 100-continue', 512 * 1024);
    expect(result.exitCode).toBe(0);
    expect(result.heads).toMatch(/^HTTP\/1\.1 100 Continue/m);
    // Read and validated: the key is far too long for a key, not too large for the gateway.
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidJsonInput' }] });
  });

  it('a client that sends the whole body before reading reads the 413 without a write error', async () => {
    const { writeError, text } = await sendAllThenRead();
    expect(writeError).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(contentTooLarge);
  });
});
