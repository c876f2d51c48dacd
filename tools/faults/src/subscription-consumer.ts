import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, type Api } from './load.js';
import {
  judgeNotifications,
  type Delivered,
  type ExpectedMessage,
  type NotificationVerdict,
} from './notification-ledger.js';

/** The resource types whose Messages the consumer subscribes to: stores (stores-service), orders (checkout-service). */
export const SUBSCRIBED_TYPES = ['store', 'order'] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Subscription consumer for the fault run: a Webhook destination pointing at an HTTP receiver in this process,
 * which lives through every kill and restart of the cluster (the delivering services, NATS and PostgreSQL are the
 * ones that fail). It verifies each notification's HMAC signature, records its delivery id, resource and
 * sequence number in arrival order and answers 200 at once.
 */
export class SubscriptionConsumer {
  readonly received: Delivered[] = [];
  /** Notifications with a signature that does not verify, and bodies that are not a Message notification. */
  badSignatures = 0;
  others = 0;
  private readonly secret = randomBytes(24).toString('base64url');
  private readonly server: http.Server;
  private port = 0;
  private counted = { received: 0, repeats: 0 };
  private readonly ids = new Set<string>();
  /** Messages of the subscribed types written before the Subscription (none are delivered). */
  private readonly before = new Set<string>();

  constructor() {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        response.writeHead(200).end();
        if (!this.verify(request.headers['x-commerce-signature'], body)) {
          this.badSignatures += 1;
          return;
        }
        const notification = JSON.parse(body) as {
          notificationType?: string;
          resource?: { id: string };
          sequenceNumber?: number;
        };
        const deliveryId = String(request.headers['x-commerce-delivery-id'] ?? '');
        if (notification.notificationType !== 'Message' || !notification.resource) {
          this.others += 1;
          return;
        }
        this.received.push({
          deliveryId,
          resourceId: notification.resource.id,
          sequenceNumber: notification.sequenceNumber ?? 0,
        });
        this.counted.received += 1;
        if (this.ids.has(deliveryId)) this.counted.repeats += 1;
        this.ids.add(deliveryId);
      });
    });
  }

  private verify(header: string | string[] | undefined, body: string): boolean {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(typeof header === 'string' ? header : '');
    return (
      !!match && createHmac('sha256', this.secret).update(`${match[1]}.${body}`).digest('hex') === match[2]
    );
  }

  async listen(): Promise<void> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The Subscription (its test notification must reach the receiver, or the create fails). */
  async subscribe(api: Api, token: string): Promise<void> {
    for (const message of await reportedMessages(api, token)) this.before.add(message.id);
    const answer = await call(`${api.gateways[0]}/${api.projectKey}/subscriptions`, {
      method: 'POST',
      token,
      body: {
        key: 'faults-consumer',
        destination: {
          type: 'Webhook',
          url: `http://127.0.0.1:${this.port}/notifications`,
          secret: this.secret,
        },
        messages: SUBSCRIBED_TYPES.map((resourceTypeId) => ({ resourceTypeId })),
      },
    });
    if (answer.status !== 201)
      throw new Error(`subscription: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** Notifications received and repeats among them since the last call (a scenario's share). */
  takeCounts(): { received: number; repeats: number } {
    const counts = this.counted;
    this.counted = { received: 0, repeats: 0 };
    return counts;
  }

  /**
   * After the load: the Messages the platform reports for the subscribed types, waited for until each was
   * delivered (or `timeoutMs` passed, delivery retrying with backoff meanwhile), then judged. `catchUpMs` is
   * undefined when the wait ran out.
   */
  async settle(
    api: Api,
    token: string,
    timeoutMs: number,
  ): Promise<{ verdict: NotificationVerdict; catchUpMs?: number }> {
    const started = Date.now();
    const reported = async () =>
      (await reportedMessages(api, token)).filter((message) => !this.before.has(message.id));
    let expected = await reported();
    for (;;) {
      const verdict = judgeNotifications(expected, this.received);
      if (verdict.lost === 0) return { verdict, catchUpMs: Date.now() - started };
      if (Date.now() - started > timeoutMs) return { verdict };
      await pause(1_000);
      // Writes whose answer was lost may have committed late: ask again.
      expected = await reported();
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
  }
}

/** Every Message of the subscribed types in the project, through `GET /messages`, by id in pages of 500. */
export async function reportedMessages(api: Api, token: string): Promise<ExpectedMessage[]> {
  const types = SUBSCRIBED_TYPES.map((type) => `"${type}"`).join(', ');
  const messages: ExpectedMessage[] = [];
  let after = '';
  for (;;) {
    const where = `resource(typeId in (${types}))${after ? ` and id > "${after}"` : ''}`;
    const query = new URLSearchParams({ where, sort: 'id asc', limit: '500', withTotal: 'false' });
    const url = `${api.gateways[0]}/${api.projectKey}/messages?${query.toString()}`;
    // A read: an answer of the machine's load (5xx, no answer) is asked again, a few times.
    let answer = await call(url, { token });
    for (let attempt = 0; attempt < 5 && (answer.failure || (answer.status ?? 0) >= 500); attempt++) {
      await pause(2_000);
      answer = await call(url, { token });
    }
    if (answer.status !== 200)
      throw new Error(`messages: ${answer.status ?? answer.failure} ${JSON.stringify(answer.body)}`);
    const page = (
      answer.body as {
        results: Array<{ id: string; sequenceNumber: number; resource: { id: string } }>;
      }
    ).results;
    messages.push(
      ...page.map((m) => ({ id: m.id, resourceId: m.resource.id, sequenceNumber: m.sequenceNumber })),
    );
    if (page.length < 500) return messages;
    after = page[page.length - 1].id;
  }
}
