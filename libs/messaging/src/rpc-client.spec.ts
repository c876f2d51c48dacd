import 'reflect-metadata';
import { ApiError, Errors } from '@commerce/errors';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, Transport } from '@nestjs/microservices';
import net from 'node:net';
import { RpcClient } from './rpc-client.js';
import { RpcErrorFilter } from './rpc-exception.filter.js';
import { clientOptions, serverOptions, tcpPort, type MessagingConfig } from './transport.js';

@Controller()
class StoresHandlers {
  @MessagePattern('stores.echo')
  echo(@Payload() payload: { value: string }) {
    return { echoed: payload.value };
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
}

async function freeBase(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port - 2));
    });
  });
}

describe(RpcClient.name, () => {
  let config: MessagingConfig;
  let service: INestMicroservice;
  let client: RpcClient;

  beforeAll(async () => {
    config = { tcpBasePort: await freeBase(), rpcTimeoutMs: 300 };
    service = await NestFactory.createMicroservice(
      { module: class StoresTestModule {}, controllers: [StoresHandlers] },
      { ...serverOptions('stores-service', config), logger: false },
    );
    service.useGlobalFilters(new RpcErrorFilter());
    await service.listen();
    client = new RpcClient('test', config);
  });

  afterAll(async () => {
    await client.onApplicationShutdown();
    await service.close();
  });

  it('routes a subject to its owner and returns the answer', async () => {
    await expect(client.send('stores.echo', { value: 'x' })).resolves.toEqual({ echoed: 'x' });
  });

  it('re-raises a service ApiError unchanged', async () => {
    const error = await client.send('stores.missing', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual(Errors.resourceNotFound({ key: 'k1' }).toBody());
  });

  it('turns an unexpected failure into General with an id and no detail', async () => {
    const error = (await client.send('stores.boom', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('General');
    expect(error.status).toBe(500);
    expect(JSON.stringify(error.toBody())).not.toContain('secret detail');
    expect(error.errors[0].errorId).toEqual(expect.any(String));
  });

  it('gives up after the timeout with GatewayTimeout', async () => {
    const error = (await client.send('stores.slow', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('GatewayTimeout');
  });

  it('answers BadGateway when the owner cannot be reached', async () => {
    const error = (await client.send('catalog.anything', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('BadGateway');
  });
});

describe('transport options', () => {
  const tcp: MessagingConfig = { tcpBasePort: 7400, rpcTimeoutMs: 1000 };
  const nats: MessagingConfig = { ...tcp, natsUrl: 'nats://127.0.0.1:4222' };

  it('gives each service its port from the registry in the embedded mode', () => {
    expect(tcpPort('api-gateway', 7400)).toBe(7400);
    expect(tcpPort('import-service', 7400)).toBe(7405);
    expect(serverOptions('stores-service', tcp)).toEqual({
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port: 7402 },
    });
    expect(clientOptions('catalog-service', 'x', tcp)).toMatchObject({ options: { port: 7403 } });
  });

  it('puts every service but the gateway in its own queue group and reconnects forever in NATS mode', () => {
    expect(serverOptions('stores-service', nats)).toMatchObject({
      transport: Transport.NATS,
      options: { queue: 'stores-service', maxReconnectAttempts: -1, servers: ['nats://127.0.0.1:4222'] },
    });
    expect(serverOptions('api-gateway', nats).options).not.toHaveProperty('queue');
  });
});
