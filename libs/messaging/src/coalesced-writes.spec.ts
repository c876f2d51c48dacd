import { connect, type NatsConnection } from '@nats-io/transport-node';
import net from 'node:net';
import { coalesceWrites } from './coalesced-writes.js';

/** Just enough of a NATS server: INFO on connect, PONG to every PING, and everything the client sent. */
async function fakeNatsServer(): Promise<{
  port: number;
  received: () => string;
  dropConnections(): void;
  close(): Promise<void>;
}> {
  let received = '';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.write(
      'INFO {"server_id":"fake","version":"2.10.0","proto":1,"headers":true,"max_payload":1048576}\r\n',
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      for (const _ of chunk.toString().matchAll(/PING\r\n/g)) socket.write('PONG\r\n');
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Counts the frames nats.js hands to its socket (one `write` each). */
function countWrites(connection: NatsConnection): () => number {
  const transport = (connection as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } })
    .protocol.transport;
  const send = transport.send.bind(transport);
  let writes = 0;
  transport.send = (frame) => {
    writes += 1;
    send(frame);
  };
  return () => writes;
}

const nextTurn = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/** Publishes from two callbacks of the same loop turn, as two requests arriving together would. */
async function publishFromTwoCallbacks(connection: NatsConnection): Promise<void> {
  await new Promise<void>((resolve) => {
    setImmediate(() => connection.publish('a', 'one'));
    setImmediate(() => {
      connection.publish('b', 'two');
      resolve();
    });
  });
  await nextTurn();
}

describe('coalesceWrites', () => {
  let server: Awaited<ReturnType<typeof fakeNatsServer>>;
  const connections: NatsConnection[] = [];
  const open = async () => {
    const connection = await connect({ servers: `127.0.0.1:${server.port}`, reconnect: false });
    connections.push(connection);
    return connection;
  };

  beforeEach(async () => {
    server = await fakeNatsServer();
  });

  afterEach(async () => {
    for (const connection of connections.splice(0)) await connection.close().catch(() => undefined);
    await server.close();
  });

  it('writes what the callbacks of one loop turn published in one write (nats.js alone: one each)', async () => {
    const plain = await open();
    const plainWrites = countWrites(plain);
    await publishFromTwoCallbacks(plain);
    expect(plainWrites()).toBe(2);

    const coalesced = await open();
    expect(coalesceWrites(coalesced)).toBe(true);
    const writes = countWrites(coalesced);
    await publishFromTwoCallbacks(coalesced);
    expect(writes()).toBe(1);
    await coalesced.flush();
    expect(server.received()).toMatch(/PUB a 3\r\none\r\nPUB b 3\r\ntwo\r\n/);
  });

  it('writes a buffer past the flush threshold at once, as nats.js does', async () => {
    const connection = await open();
    coalesceWrites(connection);
    const writes = countWrites(connection);
    connection.publish('small', 'x');
    connection.publish('big', new Uint8Array(64 * 1024));
    expect(writes()).toBe(1);
  });

  it('writes what is pending before close()', async () => {
    const connection = await open();
    coalesceWrites(connection);
    connection.publish('last', 'words');
    await connection.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received()).toContain('PUB last 5\r\nwords\r\n');
  });

  it('keeps coalescing after the connection was lost and re-established', async () => {
    const connection = await connect({
      servers: `127.0.0.1:${server.port}`,
      reconnectTimeWait: 10,
      maxReconnectAttempts: -1,
    });
    connections.push(connection);
    coalesceWrites(connection);
    const reconnected = (async () => {
      for await (const status of connection.status()) if (status.type === 'reconnect') return;
    })();
    server.dropConnections();
    await reconnected;
    const writes = countWrites(connection);
    await publishFromTwoCallbacks(connection);
    expect(writes()).toBe(1);
    await connection.flush();
    expect(server.received()).toMatch(/PUB a 3\r\none\r\nPUB b 3\r\ntwo\r\n/);
  });

  it('is applied once however often it is called', async () => {
    const connection = await open();
    expect(coalesceWrites(connection)).toBe(true);
    expect(coalesceWrites(connection)).toBe(true);
    const writes = countWrites(connection);
    await publishFromTwoCallbacks(connection);
    expect(writes()).toBe(1);
  });
});
