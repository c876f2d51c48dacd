import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually } from '../support/api.js';
import { platform } from '../support/platform.js';
import { messagesOf, newStore } from './store-helpers.js';

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
});
