import 'reflect-metadata';
import { jsonTextOf, parseJsonText } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { jest } from '@jest/globals';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { firstValueFrom, throwError, type Observable } from 'rxjs';
import {
  ClientNats,
  EventPattern,
  MessagePattern,
  Payload,
  ServerNats,
  type MessageHandler,
} from '@nestjs/microservices';
import { MemoryBroker } from '../test/memory-broker.js';
import { InProcessServer } from './in-process.js';
import { assertBeforeDeadline, inFlightWork, trackedHandler } from './in-flight.js';
import { LeanNatsServer, MuxedNatsClient } from './nats-lean.js';
import { RpcClient } from './rpc-client.js';
import { RpcErrorFilter } from './rpc-exception.filter.js';
import { serverOptions, type MessagingConfig } from './transport.js';

const heard: string[] = [];

@Controller()
class StoresHandlers {
  @EventPattern('evt.test.happened')
  happened(@Payload() payload: { value: string }) {
    heard.push(`stores:${payload.value}`);
  }

  @MessagePattern('stores.echo')
  echo(@Payload() payload: { value: string }) {
    return { echoed: payload.value };
  }

  /** A document as a table reads it: its JSON text (PostgreSQL's, spaced) remembered for the object. */
  @MessagePattern('stores.document')
  document(@Payload() payload: { value: string }) {
    return parseJsonText(`{"id": "s1", "name": {"en": "${payload.value}"}, "version": 2}`);
  }

  @MessagePattern('stores.missing')
  missing() {
    throw Errors.resourceNotFound({ key: 'k1' });
  }

  @MessagePattern('stores.boom')
  boom() {
    throw new Error('database exploded: secret detail');
  }

  @MessagePattern('stores.slow')
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return 'late';
  }

  /** A write: works for `workMs`, then commits unless the deadline has passed. */
  @MessagePattern('stores.write')
  async write(@Payload() payload: { ctx: { deadline?: number }; value: string; workMs: number }) {
    await new Promise((resolve) => setTimeout(resolve, payload.workMs));
    assertBeforeDeadline(payload.ctx, 'stores-service');
    committed.push(payload.value);
    return { committed: payload.value };
  }
}

/** The transport's own behaviour, with subjects that are not contracts: the client seen without its typing. */
interface UntypedClient {
  send(subject: string, payload: object): Promise<unknown>;
  emit(subject: string, payload: object): Promise<void>;
}

const committed: string[] = [];

/**
 * The same behaviour on both transports: the all-in-one bus, and NATS (LeanNatsServer and MuxedNatsClient, the
 * packets Nest's NATS serializers make) through a broker in memory.
 */
describe.each([
  ['in process', undefined],
  ['over NATS', 'nats://memory-broker:4222'],
])(`${RpcClient.name} %s`, (_transport, natsUrl) => {
  let config: MessagingConfig;
  let service: INestMicroservice;
  let client: RpcClient;
  let untyped: UntypedClient;

  beforeAll(async () => {
    if (natsUrl) {
      const broker = new MemoryBroker();
      jest.spyOn(ServerNats.prototype, 'createNatsClient').mockImplementation(async () => broker.connect());
      jest.spyOn(ClientNats.prototype, 'createClient').mockImplementation(async () => broker.connect());
    }
    config = { rpcTimeoutMs: 300, natsUrl };
    service = await NestFactory.createMicroservice(
      { module: class StoresTestModule {}, controllers: [StoresHandlers] },
      { ...serverOptions('stores-service', config), logger: false },
    );
    service.useGlobalFilters(new RpcErrorFilter());
    await service.listen();
    client = new RpcClient('test', config);
    untyped = client;
  });

  afterAll(async () => {
    await client.onApplicationShutdown();
    await service.close();
    jest.restoreAllMocks();
  });

  it('delivers an event to every app in the process that listens to it', async () => {
    @Controller()
    class CatalogHandlers {
      @EventPattern('evt.test.happened')
      happened(@Payload() payload: { value: string }) {
        heard.push(`catalog:${payload.value}`);
      }
    }
    const catalog = await NestFactory.createMicroservice(
      { module: class CatalogTestModule {}, controllers: [CatalogHandlers] },
      { ...serverOptions('catalog-service', config), logger: false },
    );
    await catalog.listen();
    try {
      heard.length = 0;
      await untyped.emit('evt.test.happened', { value: 'v1' });
      // Over NATS the publish returns once sent; the listeners hear it on a later turn.
      for (let turns = 0; heard.length < 2 && turns < 100; turns++) await new Promise(setImmediate);
      expect(heard.sort()).toEqual(['catalog:v1', 'stores:v1']);
    } finally {
      await catalog.close();
    }
  });

  it('routes a subject to its owner and returns the answer', async () => {
    await expect(untyped.send('stores.echo', { value: 'x' })).resolves.toEqual({ echoed: 'x' });
  });

  it('answers a document with the JSON text it was read as, which the caller can send on unserialized', async () => {
    const answer = await untyped.send('stores.document', { value: 'Berlin' });
    expect(answer).toEqual({ id: 's1', name: { en: 'Berlin' }, version: 2 });
    expect(jsonTextOf(answer)).toBe('{"id": "s1", "name": {"en": "Berlin"}, "version": 2}');
  });

  it('re-raises a service ApiError unchanged', async () => {
    const error = await untyped.send('stores.missing', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual(Errors.resourceNotFound({ key: 'k1' }).toBody());
  });

  it('turns an unexpected failure into General with an id and no detail', async () => {
    const error = (await untyped.send('stores.boom', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('General');
    expect(error.status).toBe(500);
    expect(JSON.stringify(error.toBody())).not.toContain('secret detail');
    expect(error.errors[0].errorId).toEqual(expect.any(String));
  });

  it('gives up after the timeout with GatewayTimeout, saying the outcome is unknown', async () => {
    const error = (await untyped.send('stores.slow', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('GatewayTimeout');
    expect(error.errors[0]).toMatchObject({ outcome: 'unknown' });
    expect(error.message).toMatch(/may or may not have been applied.*current version/);
  });

  it('answers BadGateway when no instance of the owner runs: nothing was done', async () => {
    const error = (await untyped.send('catalog.anything', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('BadGateway');
    expect(error.errors[0]).toMatchObject({ outcome: 'not-applied' });
    expect(error.message).not.toMatch(/could not be reached/);
  });

  it('never commits a write whose caller already answered 504: the service drops it past the deadline', async () => {
    const ctx = { deadline: Date.now() + 150 };
    const error = (await untyped
      .send('stores.write', { ctx, value: 'late-write', workMs: 250 })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('GatewayTimeout');
    expect(error.errors[0]).toMatchObject({ outcome: 'not-applied' });
    expect(committed).not.toContain('late-write');
    await expect(inFlightWork.idle(1_000)).resolves.toBe(true);
  });

  it('waits for the request deadline, not the longer client timeout', async () => {
    const longer = new RpcClient('test', { ...config, rpcTimeoutMs: 5_000 });
    const long = longer as unknown as UntypedClient;
    try {
      const ctx = { deadline: Date.now() + 1_000 };
      const answer = await long.send('stores.write', { ctx, value: 'in-time', workMs: 20 });
      expect(answer).toEqual({ committed: 'in-time' });
      const error = (await long
        .send('stores.slow', { ctx: { deadline: Date.now() + 100 } })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.code).toBe('GatewayTimeout');
      expect(error.errors[0]).toMatchObject({ outcome: 'unknown' });
    } finally {
      await longer.onApplicationShutdown();
    }
  });

  it('does not send a request whose deadline has passed, and a service drops one that arrives late', async () => {
    const past = { ctx: { deadline: Date.now() - 1 }, value: 'never', workMs: 0 };
    const refused = (await untyped.send('stores.write', past).catch((e: unknown) => e)) as ApiError;
    expect(refused.errors[0]).toMatchObject({ code: 'GatewayTimeout', outcome: 'not-applied' });
    // A NATS listener's handler: the wire error the exception filter would have made, with nothing run.
    let ran = false;
    const handler = trackedHandler(
      'stores-service',
      Object.assign(async () => ((ran = true), 'ran'), { isEventHandler: false }) as MessageHandler,
    );
    const answer = (await handler(past)) as Observable<unknown>;
    const dropped = await firstValueFrom(answer).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(ApiError.isWire(dropped) && ApiError.fromWire(dropped).errors[0]).toMatchObject({
      code: 'GatewayTimeout',
      outcome: 'not-applied',
    });
    expect(committed).not.toContain('never');
  });
});

/**
 * stores-service's listener (`LeanNatsServer`) answering `subject` with `handler`, listening on an in-memory
 * broker that every NATS client made after it (Nest's and the muxed one) connects to too.
 */
async function listeningOnMemoryBroker(
  subject: string,
  handler: MessageHandler,
): Promise<{ server: LeanNatsServer; config: MessagingConfig }> {
  const broker = new MemoryBroker();
  jest.spyOn(ServerNats.prototype, 'createNatsClient').mockImplementation(async () => broker.connect());
  jest.spyOn(ClientNats.prototype, 'createClient').mockImplementation(async () => broker.connect());
  const config: MessagingConfig = { rpcTimeoutMs: 5_000, natsUrl: 'nats://memory-broker:4222' };
  const server = (serverOptions('stores-service', config) as { strategy: LeanNatsServer }).strategy;
  server.addHandler(subject, handler, false);
  await new Promise<void>((resolve, reject) => {
    void server.listen((error?: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('listen failed'));
      else resolve();
    });
  });
  return { server, config };
}

describe(LeanNatsServer.name, () => {
  it('answers a handler that rejects with its failure at once, instead of leaving the caller to time out', async () => {
    const { server, config } = await listeningOnMemoryBroker('stores.reject', (async () =>
      Promise.reject(new Error('no'))) as MessageHandler);
    const client = new RpcClient('test', config);
    try {
      const error = (await (client as unknown as UntypedClient)
        .send('stores.reject', {})
        .catch((e: unknown) => e)) as ApiError;
      // A timeout would be GatewayTimeout: the answer is the failure itself.
      expect(error.code).toBe('BadGateway');
    } finally {
      await client.onApplicationShutdown();
      await server.close();
      jest.restoreAllMocks();
    }
  });
});

describe('document replies over NATS', () => {
  it("answers a caller whose inbox does not read documents' text (the previous release's) with Nest's packet", async () => {
    const text = '{"id": "s1", "version": 2}';
    const { server, config } = await listeningOnMemoryBroker('stores.document', (async () =>
      parseJsonText(text)) as MessageHandler);
    const nest = new ClientNats({ servers: [config.natsUrl!] });
    const muxed = new RpcClient('test', config);
    try {
      const packet = await firstValueFrom(nest.send<object>('stores.document', {}));
      expect(packet).toEqual({ id: 's1', version: 2 });
      expect(jsonTextOf(packet)).toBeUndefined();
      const document = await (muxed as unknown as UntypedClient).send('stores.document', {});
      expect(document).toEqual({ id: 's1', version: 2 });
      expect(jsonTextOf(document)).toBe(text);
    } finally {
      await nest.close();
      await muxed.onApplicationShutdown();
      await server.close();
      jest.restoreAllMocks();
    }
  });
});

describe(MuxedNatsClient.name, () => {
  it('counts a connection still being made against the wait: the request times out, it does not hang', async () => {
    jest.spyOn(ClientNats.prototype, 'createClient').mockImplementation(() => new Promise(() => undefined));
    const client = new RpcClient('test', { rpcTimeoutMs: 100, natsUrl: 'nats://memory-broker:4222' });
    try {
      const error = (await (client as unknown as UntypedClient)
        .send('stores.echo', { value: 'x' })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.code).toBe('GatewayTimeout');
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe(InProcessServer.name, () => {
  /** A request handler of `stores-service` as its listener registers it, and the call to it. */
  const call = (subject: string, fn: () => Promise<unknown>, payload: unknown) => {
    const server = new InProcessServer('stores-service');
    server.addHandler(subject, fn as MessageHandler, false);
    return server.call(subject, server.handlerFor(subject)!, payload);
  };

  it('refuses a request that reaches the app past its deadline, with nothing run', async () => {
    let ran = false;
    const late = call('stores.write', async () => ((ran = true), 'done'), {
      ctx: { deadline: Date.now() - 1 },
    });
    await expect(late).rejects.toMatchObject({ code: 'GatewayTimeout' });
    expect(ran).toBe(false);
  });

  it('counts a request in flight until it is answered, and unwraps the error its filter made', async () => {
    // What earlier tests left running (a handler their client stopped waiting for) finishes first.
    await expect(inFlightWork.idle(2_000)).resolves.toBe(true);
    let during = 0;
    await expect(call('stores.echo', async () => ((during = inFlightWork.size), 'done'), {})).resolves.toBe(
      'done',
    );
    expect(during).toBe(1);
    const failed = async () => throwError(() => Errors.resourceNotFound({ key: 'k1' }).toWire());
    await expect(call('stores.missing', failed, {})).rejects.toMatchObject({
      code: 'ResourceNotFound',
    });
    expect(inFlightWork.size).toBe(0);
  });
});

describe('transport options', () => {
  const inProcess: MessagingConfig = { rpcTimeoutMs: 1000 };
  const nats: MessagingConfig = { ...inProcess, natsUrl: 'nats://127.0.0.1:4222' };

  it('puts every app on the in-process bus in the all-in-one mode', () => {
    expect(serverOptions('stores-service', inProcess)).toEqual({ strategy: expect.any(InProcessServer) });
  });

  it('puts every service but the gateway in its own queue group and reconnects forever in NATS mode', () => {
    const options = (service: 'stores-service' | 'api-gateway') =>
      (serverOptions(service, nats) as { strategy: LeanNatsServer }).strategy['options'];
    expect(options('stores-service')).toMatchObject({
      queue: 'stores-service',
      maxReconnectAttempts: -1,
      servers: ['nats://127.0.0.1:4222'],
    });
    expect(options('api-gateway')).not.toHaveProperty('queue');
  });
});
