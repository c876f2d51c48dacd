import 'reflect-metadata';
import { jest } from '@jest/globals';
import { ClientNats, ServerNats, type MessageHandler } from '@nestjs/microservices';
import { MemoryBroker } from '../test/memory-broker.js';
import { LeanNatsServer, nestServerInternals } from './nats-lean.js';
import { serverOptions, type MessagingConfig } from './transport.js';

/**
 * The private parts of Nest's `ServerNats` that `LeanNatsServer` reads (its one module for them). An upgrade
 * of @nestjs/microservices that renames or removes one fails here, not as a silent loss of the graceful close
 * or a readiness check that never sees its connection.
 */
describe('the Nest ServerNats internals LeanNatsServer relies on', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are there after listen: the name, one subscription per handler, and the connection', async () => {
    const broker = new MemoryBroker();
    const connection = broker.connect();
    jest
      .spyOn(ServerNats.prototype, 'createNatsClient')
      .mockImplementation(() => Promise.resolve(connection));
    jest.spyOn(ClientNats.prototype, 'createClient').mockImplementation(async () => broker.connect());
    const config: MessagingConfig = { rpcTimeoutMs: 5_000, natsUrl: 'nats://memory-broker:4222' };
    const server = (serverOptions('stores-service', config) as { strategy: LeanNatsServer }).strategy;
    server.addHandler('stores.one', (async () => 1) as MessageHandler, false);
    server.addHandler('stores.two', (async () => 2) as MessageHandler, false);
    await new Promise<void>((resolve, reject) => {
      void server.listen((error?: unknown) => (error ? reject(new Error('listen failed')) : resolve()));
    });
    try {
      const internals = nestServerInternals(server);
      expect(internals.options.name).toBe('stores-service');
      expect(server.name).toBe('stores-service');
      expect(internals.natsClient).toBe(connection);
      expect(internals.subscriptions).toHaveLength(2);
      for (const subscription of internals.subscriptions) expect(typeof subscription.drain).toBe('function');
      await expect(server.checkConnection()).resolves.toBeUndefined();
    } finally {
      await server.close();
    }
    expect(connection.isClosed() || connection.isDraining()).toBe(true);
  });
});
