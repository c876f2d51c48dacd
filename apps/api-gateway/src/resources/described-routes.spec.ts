import 'reflect-metadata';
import { jest } from '@jest/globals';
import { loadConfig } from '@commerce/config';
import { Subjects, parseJsonText, type Principal } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { pino } from 'pino';
import { AuthGuard } from '../auth/auth.guard.js';
import { Authenticator } from '../auth/authenticator.service.js';
import { gatewayEnv } from '../config.js';
import { GatewayModule } from '../gateway.module.js';
import { HttpErrorFilter } from '../http/http-error.filter.js';
import { installDescribedRoutes } from './described-routes.js';

// The described resources' routes are answered by the gateway's own dispatch (a `preHandler` hook), not by
// Nest's pipeline: the same authorization, handlers, statuses and error bodies, without the guard's
// `canActivate` (Nest's way in). Every other route still goes through Nest.

const principal = (scopes: string[]): Principal => ({
  projectKey: 'p1',
  clientId: 'c1',
  scopes,
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  tokenHash: 'h',
});

let app: NestFastifyApplication;
let installed: number;
let authenticate: jest.SpiedFunction<Authenticator['authenticate']>;
let send: jest.Mock<(subject: string, payload: unknown) => Promise<unknown>>;
const canActivate = jest.spyOn(AuthGuard.prototype, 'canActivate');

beforeAll(async () => {
  const logger = pino({ enabled: false });
  app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(loadConfig(gatewayEnv, {})),
    new FastifyAdapter({ exposeHeadRoutes: false }),
    { logger: false },
  );
  app.useGlobalFilters(new HttpErrorFilter(logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('correlationId', 'test');
  installed = installDescribedRoutes(fastify, {
    modules: app.get(ModulesContainer),
    guard: app.get(AuthGuard),
    logger,
  });
  await app.init();
  await fastify.ready();
  authenticate = jest.spyOn(app.get(Authenticator), 'authenticate');
  send = jest.fn<(subject: string, payload: unknown) => Promise<unknown>>();
  jest.spyOn(app.get(RpcClient), 'send').mockImplementation(send as never);
});

afterAll(() => app.close());

beforeEach(() => {
  canActivate.mockClear();
  send.mockReset();
  authenticate.mockResolvedValue(principal(['manage_stores:p1']));
});

const request = (method: 'GET' | 'POST' | 'HEAD' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { authorization: 'Bearer token' } });

describe('installDescribedRoutes', () => {
  it('takes every described operation of the gateway', () => {
    // Stores alone have seven; a handful of resources would be far fewer than the registry's.
    expect(installed).toBeGreaterThan(150);
  });

  it('answers a get by key with what the owning service answers, through the described subject', async () => {
    send.mockResolvedValue({ id: 's', key: 'k1', version: 3 });
    const response = await request('GET', '/p1/stores/key=k1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 's', key: 'k1', version: 3 });
    expect(send).toHaveBeenCalledWith(Subjects.stores.store.get, {
      ctx: expect.objectContaining({ projectKey: 'p1', actor: expect.objectContaining({ clientId: 'c1' }) }),
      ref: { key: 'k1' },
    });
    expect(canActivate).not.toHaveBeenCalled();
  });

  it('answers a document with the JSON text the service wrote or read it as, as JSON', async () => {
    send.mockResolvedValue(parseJsonText('{"id": "s", "key": "k1", "version": 3}'));
    const response = await request('GET', '/p1/stores/key=k1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"id": "s", "key": "k1", "version": 3}');
  });

  it('answers a create 201, an update by POST 200, a HEAD without a body', async () => {
    send.mockResolvedValue({ id: 's', version: 1 });
    expect((await request('POST', '/p1/stores', { key: 'k1' })).statusCode).toBe(201);
    expect(send).toHaveBeenLastCalledWith(Subjects.stores.store.create, expect.objectContaining({ draft: { key: 'k1' } }));
    const update = { version: 1, actions: [{ action: 'setName', name: { en: 'n' } }] };
    expect((await request('POST', '/p1/stores/s', update)).statusCode).toBe(200);
    expect(send).toHaveBeenLastCalledWith(Subjects.stores.store.update, expect.objectContaining({ ref: { id: 's' }, update }));
    send.mockResolvedValue(true);
    const head = await request('HEAD', '/p1/stores/s');
    expect([head.statusCode, head.body]).toEqual([200, '']);
    expect(canActivate).not.toHaveBeenCalled();
  });

  it('refuses a token without the operation’s scopes before asking any service', async () => {
    authenticate.mockResolvedValue(principal(['view_products:p1']));
    const response = await request('GET', '/p1/stores/key=k1');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('insufficient_scope');
    expect(send).not.toHaveBeenCalled();
  });

  it('answers a service’s error with its status and body, anything else as a 500 with an error id', async () => {
    send.mockRejectedValue(Errors.resourceNotFound({ key: 'k1' }));
    const missing = await request('GET', '/p1/stores/key=k1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('ResourceNotFound');
    send.mockRejectedValue(new Error('boom'));
    const broken = await request('DELETE', '/p1/stores/s?version=1');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().errors[0]).toMatchObject({ code: 'General', errorId: expect.any(String) });
    expect(broken.body).not.toContain('boom');
  });

  it('leaves routes with an enhancer of their own (the insights configuration) to Nest and its guard', async () => {
    authenticate.mockResolvedValue(principal(['manage_project:p1']));
    send.mockResolvedValue({ active: false });
    const response = await request('GET', '/p1/insights-configuration');
    expect(response.statusCode).toBe(200);
    expect(canActivate).toHaveBeenCalledTimes(1);
  });
});
