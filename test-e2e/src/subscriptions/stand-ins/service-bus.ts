import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';
import rhea, { type EventContext, type Sender } from 'rhea';

/**
 * An Azure Service Bus namespace's AMQP 1.0 side, as `@azure/service-bus` uses it to send (no Service Bus runs
 * on these machines; its emulator needs Docker): claims-based authorization on `$cbs` (`put-token` with a SAS
 * token, whose HMAC-SHA256 signature is checked against the policy's key), then a sender link to the queue
 * or topic, whose messages are kept. An unknown entity's link is refused `amqp:not-found` and a bad token
 * answered 401, as Service Bus does; `mode` `busy` refuses links and messages `com.microsoft:server-busy` (a
 * passing failure), `refuse` refuses messages `amqp:unauthorized-access` (a policy without Send).
 */

export interface ServiceBusMessage {
  entity: string;
  messageId: string;
  contentType?: string;
  subject?: string;
  applicationProperties: Record<string, unknown>;
  body: Record<string, any>;
}

export class ServiceBusNamespace {
  readonly messages: ServiceBusMessage[] = [];
  readonly tokens: Array<{ audience: string; keyName: string; valid: boolean }> = [];
  mode: 'ok' | 'busy' | 'refuse' = 'ok';
  port = 0;
  private server?: Server;

  constructor(
    private readonly keyName: string,
    private readonly key: string,
    private readonly entities: string[],
  ) {}

  connectionString(entity: string, key = this.key): string {
    return (
      `Endpoint=sb://127.0.0.1:${this.port}/;SharedAccessKeyName=${this.keyName};SharedAccessKey=${key};` +
      `EntityPath=${entity};UseDevelopmentEmulator=true`
    );
  }

  async start(): Promise<this> {
    const container = rhea.create_container({ id: 'service-bus-stand-in' });
    container.on('receiver_open', (context: EventContext) => {
      const receiver = context.receiver!;
      const address = receiver.target?.address ?? '';
      receiver.set_target(receiver.target);
      if (address === '$cbs') return;
      if (this.mode !== 'ok') {
        receiver.close({ condition: 'com.microsoft:server-busy', description: 'The server is busy. Please retry later.' });
      } else if (!this.entities.includes(address)) {
        receiver.close({ condition: 'amqp:not-found', description: `The messaging entity '${address}' could not be found.` });
      }
    });
    container.on('sender_open', (context: EventContext) => context.sender!.set_source(context.sender!.source));
    container.on('message', (context: EventContext) => {
      const message = context.message!;
      const entity = context.receiver!.target?.address ?? '';
      if (entity === '$cbs') {
        this.answerToken(context);
        return;
      }
      if (this.mode === 'busy') {
        context.delivery!.reject({ condition: 'com.microsoft:server-busy', description: 'The server is busy. Please retry later.' });
        return;
      }
      if (this.mode === 'refuse') {
        context.delivery!.reject({ condition: 'amqp:unauthorized-access', description: "Unauthorized access. 'Send' claim(s) are required." });
        return;
      }
      const body = message.body as { typecode?: number; content?: Buffer };
      this.messages.push({
        entity,
        messageId: String(message.message_id),
        contentType: message.content_type,
        subject: message.subject,
        applicationProperties: message.application_properties ?? {},
        body: JSON.parse(body.typecode === 117 ? body.content!.toString() : JSON.stringify(body)) as Record<string, any>,
      });
    });
    this.server = container.listen({ port: 0, host: '127.0.0.1' });
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `put-token`: the SAS token's signature over `<url-encoded audience>\n<expiry>` with the policy's key. */
  private answerToken(context: EventContext): void {
    const message = context.message!;
    const token = Object.fromEntries(new URLSearchParams(String(message.body).replace(/^SharedAccessSignature /, '')));
    const expected = createHmac('sha256', this.key).update(`${encodeURIComponent(token.sr)}\n${token.se}`).digest('base64');
    const valid = token.skn === this.keyName && token.sig === expected && Number(token.se) * 1000 > Date.now();
    this.tokens.push({ audience: token.sr, keyName: token.skn, valid });
    let reply: Sender | undefined;
    context.connection.each_link((link: Sender) => {
      if (link.is_sender() && link.source?.address === '$cbs') reply = link;
    });
    reply?.send({
      body: '',
      correlation_id: message.message_id,
      application_properties: valid
        ? { 'status-code': 200, 'status-description': 'OK' }
        : { 'status-code': 401, 'status-description': 'InvalidSignature: The token has an invalid signature.' },
    });
  }

  async stop(): Promise<void> {
    this.server?.close();
  }
}
