import { natsServerOptions } from '@commerce/messaging';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';

export const MESSAGES_STREAM = 'COMMERCE_MESSAGES';
const BATCH = 100;

/**
 * NATS mode: publishes committed Messages to the JetStream stream `COMMERCE_MESSAGES` (subjects
 * `messages.<projectKey>.<resourceTypeId>`), in commit order, each at least once with its id as the
 * de-duplication key, then marks them published. Replicas share the work with `FOR UPDATE SKIP LOCKED`.
 */
export class MessageRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageRelay.name);
  private connection?: NatsConnection;
  private client?: JetStreamClient;
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
    private readonly natsUrl: string | undefined,
    private readonly intervalMs = 250,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.natsUrl) return;
    this.connection = await connect({
      ...natsServerOptions(this.natsUrl),
      maxReconnectAttempts: -1,
      name: `relay-${this.schema}`,
    });
    const manager = await jetstreamManager(this.connection);
    try {
      await manager.streams.info(MESSAGES_STREAM);
    } catch {
      await manager.streams.add({
        name: MESSAGES_STREAM,
        subjects: ['messages.>'],
        max_age: 15 * 86_400 * 1e9,
      });
    }
    this.client = jetstream(this.connection);
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.connection?.drain();
  }

  /** Publishes one batch; returns how many were published. */
  async publishBatch(): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<
        Array<{ id: string; project_key: string; doc: { resource: { typeId: string } } }>
      >(
        `SELECT id, project_key, doc FROM "${this.schema}"."messages" WHERE published_at IS NULL
         ORDER BY created_at, sequence_number LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of rows) {
        await client.publish(
          `messages.${row.project_key}.${row.doc.resource.typeId}`,
          JSON.stringify(row.doc),
          {
            msgID: row.id,
          },
        );
      }
      if (rows.length > 0) {
        await tx.query(
          `UPDATE "${this.schema}"."messages" SET published_at = now() WHERE id = ANY($1::text[])`,
          [rows.map((row) => row.id)],
        );
      }
      return rows.length;
    });
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while ((await this.publishBatch()) === BATCH);
    } catch (error) {
      this.logger.warn(
        `publishing messages failed, will retry: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.running = false;
    }
  }
}
