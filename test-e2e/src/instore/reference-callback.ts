import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { platform } from '../support/platform.js';

const MAIN = fileURLToPath(new URL('../../../apps/instore-callback/dist/main.js', import.meta.url));

export interface ReferenceCallback {
  /** The Token Retrieval URL to register: `<address>/tokens`. */
  url: string;
  stop(): Promise<void>;
}

/** Starts apps/instore-callback as its own process, as a merchant runs it, on a free loopback port. */
export async function startReferenceCallback(env: {
  apiKey: string;
  storeKey: string;
  clientId: string;
  clientSecret: string;
}): Promise<ReferenceCallback> {
  const { apiUrl, projectKey } = await platform();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      INSTORE_CALLBACK_API_KEY: env.apiKey,
      COMMERCE_AUTH_URL: apiUrl,
      COMMERCE_PROJECT_KEY: projectKey,
      COMMERCE_STORE_KEY: env.storeKey,
      COMMERCE_CLIENT_ID: env.clientId,
      COMMERCE_CLIENT_SECRET: env.clientSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`instore-callback exited (${code}):\n${output}`)));
  });
  return {
    url: `${address}/tokens`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
