import { Server, ServerCredentials, loadPackageDefinition, status, type GrpcObject, type ServiceClientConstructor } from '@grpc/grpc-js';
import { fromJSON } from '@grpc/proto-loader';
import { createRequire } from 'node:module';

/**
 * Google Cloud Pub/Sub's publishing API as its emulator serves it (the emulator itself needs the Google Cloud
 * SDK download): `google.pubsub.v1.Publisher` over gRPC, from the service definitions `@google-cloud/pubsub`
 * ships, on the port the platform's `PUBSUB_EMULATOR_HOST` names. Known topics keep what is published; an
 * unknown topic is answered NOT_FOUND, and `mode` `down` answers UNAVAILABLE, `refuse` PERMISSION_DENIED, as
 * Pub/Sub does.
 */

export interface PubSubMessage {
  topic: string;
  attributes: Record<string, string>;
  body: Record<string, any>;
}

interface PublishRequest {
  topic: string;
  messages: Array<{ data: Buffer; attributes: Record<string, string> }>;
}

const require = createRequire(import.meta.url);

export class PubSubEmulator {
  readonly messages: PubSubMessage[] = [];
  mode: 'ok' | 'down' | 'refuse' = 'ok';
  private readonly server = new Server();
  private published = 0;

  /** `topics`: full names, `projects/<project>/topics/<topic>`. */
  constructor(private readonly topics: string[]) {}

  async start(port: number): Promise<this> {
    const definition = fromJSON(require('@google-cloud/pubsub/build/protos/protos.json') as Record<string, unknown>);
    const v1 = ((loadPackageDefinition(definition).google as GrpcObject).pubsub as GrpcObject).v1 as GrpcObject;
    this.server.addService((v1.Publisher as ServiceClientConstructor).service, {
      publish: (
        call: { request: PublishRequest },
        callback: (error: { code: number; details: string } | null, answer?: { messageIds: string[] }) => void,
      ) => {
        const { topic, messages } = call.request;
        if (this.mode === 'down') return callback({ code: status.UNAVAILABLE, details: 'The service is currently unavailable.' });
        if (this.mode === 'refuse') return callback({ code: status.PERMISSION_DENIED, details: 'User not authorized to perform this action.' });
        if (!this.topics.includes(topic)) return callback({ code: status.NOT_FOUND, details: `Resource not found (resource=${topic}).` });
        for (const message of messages) {
          this.messages.push({ topic, attributes: message.attributes, body: JSON.parse(message.data.toString()) as Record<string, any> });
        }
        callback(null, { messageIds: messages.map(() => String(++this.published)) });
      },
    });
    await new Promise<number>((resolve, reject) =>
      this.server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    return this;
  }

  stop(): void {
    this.server.forceShutdown();
  }
}
