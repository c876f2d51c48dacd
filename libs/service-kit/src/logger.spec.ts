import { RpcClient } from '@commerce/messaging';
import { Controller, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Writable } from 'node:stream';
import { createInProcessService, type ServiceApp } from './bootstrap.js';
import { loadServiceConfig } from './config.js';
import { asService, createLogger, logFormatOf, nestLogger, useRootLogger } from './logger.js';

type Line = Record<string, unknown>;

function sink() {
  const lines: Line[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { lines, stream };
}

describe(createLogger.name, () => {
  it('never writes a credential: headers, client secrets, passwords, tokens, at the top or one level down', () => {
    const { lines, stream } = sink();
    const logger = createLogger('info', { fallbackService: 'test', destination: stream, format: 'json' });
    logger.info(
      {
        req: {
          headers: { authorization: 'Bearer tok-1', cookie: 'session=ck-2', accept: 'application/json' },
        },
        headers: { authorization: 'Basic cred-3', cookie: 'c=ck-4' },
        client: { clientSecret: 'sec-5', client_secret: 'sec-6', id: 'client-id' },
        body: { password: 'pw-7', newPassword: 'pw-8', email: 'a@example.com' },
        token: 'tok-9',
        password: 'pw-10',
        integration: { callbackApiKey: 'key-11', apiKey: 'key-12' },
        grant: { access_token: 'tok-13', refresh_token: 'tok-14' },
      },
      'request',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['tok-1', 'ck-2', 'cred-3', 'ck-4', 'sec-5', 'sec-6', 'pw-7', 'pw-8', 'tok-9'])
      expect(text).not.toContain(secret);
    for (const secret of ['pw-10', 'key-11', 'key-12', 'tok-13', 'tok-14'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      service: 'test',
      msg: 'request',
      req: { headers: { authorization: '[redacted]', accept: 'application/json' } },
      client: { id: 'client-id', clientSecret: '[redacted]' },
      body: { email: 'a@example.com', password: '[redacted]' },
    });
  });

  it('names the service whose code runs, and the fallback outside any', () => {
    const { lines, stream } = sink();
    const logger = createLogger('info', { fallbackService: 'platform', destination: stream, format: 'json' });
    logger.info('outside');
    asService('catalog-service', () => logger.info('inside'));
    expect(lines.map((line) => [line.service, line.msg])).toEqual([
      ['platform', 'outside'],
      ['catalog-service', 'inside'],
    ]);
  });

  it('reads JSON for pipes and files, pretty for a terminal or LOG_FORMAT=pretty', () => {
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
  });

  it('loads the pretty printer when the format is pretty (it is not imported otherwise)', () => {
    const logger = createLogger('silent', { fallbackService: 'x', format: 'pretty' });
    expect(logger.level).toBe('silent');
  });
});

/** An app that logs at start (Nest's `new Logger(context)`) and in a message handler. */
function loggingApp(name: 'auth-service' | 'catalog-service'): ServiceApp {
  const subject = `${name.split('-')[0]}.logtest`;
  @Injectable()
  class Starter implements OnApplicationBootstrap {
    private readonly logger = new Logger('Starter');
    onApplicationBootstrap() {
      this.logger.log(`${name} started`);
    }
  }
  @Controller()
  class Handler {
    private readonly logger = new Logger('Handler');
    @MessagePattern(subject)
    handle() {
      this.logger.log(`${name} handled`);
      return { ok: true };
    }
  }
  @Module({ providers: [Starter], controllers: [Handler] })
  class FeatureModule {}
  return { name, imports: [FeatureModule] };
}

describe('logs in the all-in-one process', () => {
  it("carry each app's own service name, also in handlers another app calls", async () => {
    const { lines, stream } = sink();
    useRootLogger(createLogger('info', { fallbackService: 'platform', destination: stream, format: 'json' }));
    const config = loadServiceConfig({ LOG_LEVEL: 'info' });
    const apps = await Promise.all(
      [loggingApp('auth-service'), loggingApp('catalog-service')].map((app) =>
        createInProcessService(app, config),
      ),
    );
    // The caller runs as a third app (the gateway): each handler still logs as its own.
    // Test-only subjects, outside the contract map: the client seen without its typing.
    const rpc = new RpcClient('api-gateway', { rpcTimeoutMs: 5_000 }) as unknown as {
      send(subject: string, payload: object): Promise<unknown>;
    };
    await asService('api-gateway', async () => {
      nestLogger('info', 'api-gateway').log('calling', 'Caller');
      await rpc.send('auth.logtest', {});
      await rpc.send('catalog.logtest', {});
    });
    await Promise.all(apps.map((app) => app.close()));

    const byMessage = (msg: string) => lines.find((line) => line.msg === msg);
    expect(byMessage('auth-service started')).toMatchObject({ service: 'auth-service', context: 'Starter' });
    expect(byMessage('catalog-service started')).toMatchObject({ service: 'catalog-service' });
    expect(byMessage('calling')).toMatchObject({ service: 'api-gateway' });
    expect(byMessage('auth-service handled')).toMatchObject({ service: 'auth-service', context: 'Handler' });
    expect(byMessage('catalog-service handled')).toMatchObject({ service: 'catalog-service' });
    expect(lines.every((line) => typeof line.service === 'string')).toBe(true);
  });
});
