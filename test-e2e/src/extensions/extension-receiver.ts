import type { Extension, ExtensionDraft } from '@commercetools/platform-sdk';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { sdk } from '../support/sdk.js';

type Api = Awaited<ReturnType<typeof sdk>>;

/** What the local extension received: path, headers and the parsed ExtensionInput. */
export interface ExtensionCall {
  path: string;
  authorization?: string;
  functionsKey?: string;
  input: { action: string; resource: { typeId: string; id: string; obj: Record<string, unknown> } };
}

/** The extension's answer on a path: status and body, or none until the test is over (`slow`). */
export interface ExtensionAnswer {
  status: number;
  body?: unknown;
  slow?: true;
}

/** A local API Extension endpoint and the Extensions a spec creates to call it (deleted by `close`). */
export interface ExtensionReceiver {
  /** `http://127.0.0.1:<port>`: an Extension's destination is `${base}/<path of ANSWERS>`. */
  base: string;
  /** Creates an Extension through the API; `close` deletes it. */
  extension(draft: ExtensionDraft): Promise<Extension>;
  /** The calls on `path` about the resource with this key. */
  callsTo(path: string, key: string): ExtensionCall[];
  close(): Promise<void>;
}

/** A condition true only for the resource with this key (the project's others never match it). */
export const onlyKey = (key: string) => `key is defined and key = "${key}"`;

/** Starts the endpoint: each path answers as `answers` says (404 for any other). */
export async function extensionReceiver(
  api: Api,
  answers: Readonly<Record<string, ExtensionAnswer>>,
): Promise<ExtensionReceiver> {
  const calls: ExtensionCall[] = [];
  const created: Extension[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      calls.push({
        path,
        authorization: request.headers.authorization,
        functionsKey: request.headers['x-functions-key'] as string | undefined,
        input: JSON.parse(body) as ExtensionCall['input'],
      });
      const answer = Object.hasOwn(answers, path) ? answers[path] : { status: 404 };
      // The slow extension answers only after the test is over (the server's close ends it).
      if (answer.slow) {
        request.socket.once('close', () => response.destroy());
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async extension(draft) {
      const { body } = await api.extensions().post({ body: draft }).execute();
      created.push(body);
      return body;
    },
    callsTo: (path, key) => calls.filter((call) => call.path === path && call.input.resource.obj.key === key),
    async close() {
      for (const extension of created) {
        const { body } = await api.extensions().withId({ ID: extension.id }).get().execute();
        await api
          .extensions()
          .withId({ ID: extension.id })
          .delete({ queryArgs: { version: body.version } })
          .execute();
      }
      server.closeAllConnections();
      server.close();
    },
  };
}
