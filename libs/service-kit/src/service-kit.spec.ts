import 'reflect-metadata';
import { StoreDraftDto } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { NestFactory } from '@nestjs/core';
import { loadServiceConfig } from './config.js';
import {
  AppLifecycle,
  HealthController,
  ProbeController,
  READINESS_CHECKS,
  Readiness,
  processReadiness,
  type ReadinessCheck,
} from './health.js';
import { ServiceKitModule } from './service-kit.module.js';
import { parseDto } from './validation.js';

describe(parseDto.name, () => {
  it('returns the validated DTO without unknown fields', () => {
    const draft = parseDto(StoreDraftDto, { key: 'berlin', typo: 1 });
    expect(draft).toEqual({ key: 'berlin' });
  });

  it('raises 400 InvalidJsonInput naming every problem', () => {
    const error = (() => {
      try {
        parseDto(StoreDraftDto, { key: 'a', languages: 'en' });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error?.status).toBe(400);
    expect(error?.errors[0].code).toBe('InvalidJsonInput');
    expect(error?.errors[0].detailedErrorMessage).toMatch(/key.*languages|languages.*key/);
  });
});

const probes = (checks: ReadinessCheck[], lifecycle?: AppLifecycle) =>
  new ProbeController(new Readiness(checks, lifecycle));

describe(ProbeController.name, () => {
  it('is ready when every check passes, naming each', async () => {
    const health = probes([{ name: 'database', check: async () => undefined }]);
    await expect(health.ready()).resolves.toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(health.health()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the failing check', async () => {
    const health = probes([
      { name: 'database', check: async () => undefined },
      { name: 'messaging', check: () => Promise.reject(new Error('connection refused')) },
    ]);
    const error = (await health.ready().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toContain('messaging: connection refused');
  });

  it('answers 503 from the first moment of a shutdown, before anything is closed', async () => {
    const lifecycle = new AppLifecycle();
    const health = probes([{ name: 'database', check: async () => undefined }], lifecycle);
    await expect(health.ready()).resolves.toMatchObject({ status: 'ok' });
    lifecycle.stopping = true;
    const error = (await health.ready().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toContain('shutting down');
    expect(health.health()).toEqual({ status: 'ok' });
  });

  it("includes the dependencies of the process's other apps (all-in-one), not a round trip to them", async () => {
    processReadiness.set('database:stores', {
      name: 'database:stores',
      check: () => Promise.reject(new Error('connection terminated')),
    });
    try {
      const gateway = probes([{ name: 'nats:api-gateway', check: async () => undefined }]);
      const error = (await gateway.ready().catch((e: unknown) => e)) as ApiError;
      expect(error.message).toContain('database:stores: connection terminated');
    } finally {
      processReadiness.delete('database:stores');
    }
  });
});

describe(HealthController.name, () => {
  it('answers the status only on a public port: no dependency is named, ready or not', async () => {
    const failing = new Error('connection refused to 10.0.0.7:5432');
    const health = new HealthController(
      new Readiness([
        { name: 'database:stores', check: async () => undefined },
        { name: 'nats:api-gateway', check: () => Promise.reject(failing) },
      ]),
    );
    const error = (await health.ready().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.toBody()).toEqual({
      statusCode: 503,
      message: 'Not ready.',
      errors: [{ code: 'ServiceUnavailable', message: 'Not ready.' }],
    });
    const ready = new HealthController(
      new Readiness([{ name: 'database:stores', check: async () => undefined }]),
    );
    await expect(ready.ready()).resolves.toEqual({ status: 'ok' });
    expect(ready.health()).toEqual({ status: 'ok' });
  });
});

describe(ServiceKitModule.name, () => {
  it("makes the gateway's readiness its own: ready with no other service running", async () => {
    const app = await NestFactory.createApplicationContext(
      ServiceKitModule.forService({ name: 'api-gateway', publicHttp: true }, loadServiceConfig({})),
      { logger: false },
    );
    try {
      const checks = app.get<ReadinessCheck[]>(READINESS_CHECKS);
      expect(checks.map((check) => check.name)).toEqual(['nats:api-gateway']);
      await expect(app.get(HealthController).ready()).resolves.toMatchObject({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});
