import { natsServerOptions } from '@commerce/messaging';
import { DeliverPolicy, jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { DUPLICATE_WINDOW_MS, type MessagePublisher } from './message-relay.js';
import { MESSAGES_STREAM } from './messages-table.js';

const NANOS_PER_MS = 1_000_000;
/** How long a Message stays in the stream (the longest a project may keep Messages is 90 days). */
const MAX_AGE_MS = 15 * 86_400_000;

/**
 * The relay's JetStream side: creates the stream `COMMERCE_MESSAGES` (subjects `messages.>`) or widens its
 * duplicate window to DUPLICATE_WINDOW_MS, publishes with the Message id as `Nats-Msg-Id`, and finds ids
 * already stored by reading the stream's headers from a point in time.
 */
export class JetStreamPublisher implements MessagePublisher {
  private readonly logger = new Logger(JetStreamPublisher.name);
  private connection?: NatsConnection;
  private client?: JetStreamClient;
  /** The stream's duplicate window as found after start. */
  duplicateWindowMs?: number;

  constructor(
    private readonly natsUrl: string,
    private readonly name: string,
  ) {}

  async start(): Promise<void> {
    this.connection = await connect({
      ...natsServerOptions(this.natsUrl),
      maxReconnectAttempts: -1,
      name: this.name,
      // nats.js otherwise builds two Error objects (their stacks) for every request, here every publish
      // awaiting its acknowledgement: the largest cost of the relay in the profiles. Failures are logged
      // by their message and retried; no stack is read.
      noAsyncTraces: true,
    });
    const manager = await jetstreamManager(this.connection);
    const window = DUPLICATE_WINDOW_MS * NANOS_PER_MS;
    const info = await manager.streams.info(MESSAGES_STREAM).catch(() => undefined);
    if (!info) {
      await manager.streams
        .add({
          name: MESSAGES_STREAM,
          subjects: ['messages.>'],
          max_age: MAX_AGE_MS * NANOS_PER_MS,
          duplicate_window: window,
        })
        .catch(async (error: unknown) => {
          // Another service's relay created it at the same moment.
          if (!(await manager.streams.info(MESSAGES_STREAM).catch(() => undefined))) throw error;
        });
    } else if (info.config.duplicate_window < window) {
      await manager.streams
        .update(MESSAGES_STREAM, { ...info.config, duplicate_window: window })
        .catch((error: unknown) =>
          // The relay then asks the stream before every retry past the narrower window (see duplicateWindowMs).
          this.logger.warn(`widening the duplicate window of ${MESSAGES_STREAM} failed: ${String(error)}`),
        );
    }
    const final = await manager.streams.info(MESSAGES_STREAM);
    this.duplicateWindowMs = final.config.duplicate_window / NANOS_PER_MS;
    this.client = jetstream(this.connection);
  }

  async stop(): Promise<void> {
    await this.connection?.drain();
  }

  async publish(subject: string, data: string, msgID: string): Promise<void> {
    if (!this.client) throw new Error('The JetStream publisher is not started.');
    await this.client.publish(subject, data, { msgID });
  }

  async stored(since: Date, subjects: string[], ids: Set<string>): Promise<Set<string>> {
    const found = new Set<string>();
    // One consumer per subject: a list of filter subjects needs NATS 2.10.
    for (const subject of subjects) await this.storedOn(subject, since, ids, found);
    return found;
  }

  private async storedOn(subject: string, since: Date, ids: Set<string>, found: Set<string>): Promise<void> {
    if (!this.client) throw new Error('The JetStream publisher is not started.');
    const consumer = await this.client.consumers.get(MESSAGES_STREAM, {
      filter_subjects: subject,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      headers_only: true,
    });
    let pending = (await consumer.info()).num_pending;
    for (let fetched = pending; pending > 0 && fetched > 0;) {
      fetched = 0;
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 1000), expires: 5_000 });
      for await (const message of batch) {
        fetched += 1;
        const id = message.headers?.get('Nats-Msg-Id');
        if (id && ids.has(id)) found.add(id);
        pending = message.info.pending;
      }
    }
  }
}
