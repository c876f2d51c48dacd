import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually } from '../support/api.js';
import { platform } from '../support/platform.js';
import { messagesOf, newStore, updateStore } from './store-helpers.js';

/**
 * Messages reach subscribers through the JetStream stream COMMERCE_MESSAGES when the platform runs on NATS;
 * in the embedded mode (no broker) they are kept for the query API only.
 */
describe('Message delivery', () => {
  it('publishes each committed Message to JetStream on NATS, or keeps it queryable in the all-in-one mode', async () => {
    const { mode, projectKey } = await platform();
    const store = await newStore();
    const [created] = await messagesOf(store.id);
    expect(created.type).toBe('StoreCreated');
    if (mode === 'all-in-one') return;

    const connection = await connect({ servers: process.env.NATS_URL });
    try {
      const manager = await jetstreamManager(connection);
      const info = await manager.streams.info('COMMERCE_MESSAGES');
      expect(info.config.subjects).toContain('messages.>');
      const published = await eventually(async () => {
        const message = await jetstream(connection)
          .streams.get('COMMERCE_MESSAGES')
          .then((stream) => stream.getMessage({ last_by_subj: `messages.${projectKey}.store` }))
          .catch(() => null);
        const body = message ? message.json<{ resource: { id: string } }>() : undefined;
        return body && body.resource.id === store.id ? body : undefined;
      });
      expect(published).toMatchObject({ id: created.id, type: 'StoreCreated', sequenceNumber: 1 });
    } finally {
      await connection.close();
    }
  });

  it('carries each Message of a Store once, in sequence order, with a duplicate window of at least 10 minutes', async () => {
    const { mode, projectKey } = await platform();
    let store = await newStore();
    for (const name of ['one', 'two', 'three'])
      store = await updateStore(store, { action: 'setName', name: { en: name } });
    const kept = await messagesOf(store.id);
    expect(kept.map((message) => message.sequenceNumber)).toEqual([1, 2, 3, 4]);
    if (mode === 'all-in-one') return;

    const connection = await connect({ servers: process.env.NATS_URL });
    try {
      const info = await (await jetstreamManager(connection)).streams.info('COMMERCE_MESSAGES');
      expect(info.config.duplicate_window).toBeGreaterThanOrEqual(10 * 60 * 1e9);
      const ids = await eventually(async () => {
        const consumer = await jetstream(connection).consumers.get('COMMERCE_MESSAGES', {
          filter_subjects: `messages.${projectKey}.store`,
          deliver_policy: DeliverPolicy.All,
        });
        const seen: Array<{ id: string; sequenceNumber: number }> = [];
        let pending = (await consumer.info()).num_pending;
        for (let fetched = pending; pending > 0 && fetched > 0;) {
          fetched = 0;
          for await (const message of await consumer.fetch({ max_messages: pending, expires: 2_000 })) {
            fetched += 1;
            const body = message.json<{ id: string; sequenceNumber: number; resource: { id: string } }>();
            if (body.resource.id === store.id)
              seen.push({ id: body.id, sequenceNumber: body.sequenceNumber });
            pending = message.info.pending;
          }
        }
        await consumer.delete().catch(() => undefined);
        return seen.length >= 4 ? seen : undefined;
      });
      expect(ids).toEqual(
        kept.map((message) => ({ id: message.id, sequenceNumber: message.sequenceNumber })),
      );
    } finally {
      await connection.close();
    }
  });
});
