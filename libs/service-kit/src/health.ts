import { Public } from '@commerce/auth';
import { Errors } from '@commerce/errors';
import { natsListeners } from '@commerce/messaging';
import { Controller, Get, Header, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { processMetrics } from './metrics.js';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * The dependencies of the apps running in this process: each app adds its own (its database pool, its NATS
 * connection) when it starts and removes them when it stops. In the distributed mode that is one app; in the
 * all-in-one mode the gateway's `/ready` speaks for every app of the process.
 */
export const processReadiness = new Map<string, ReadinessCheck>();

/** Whether this app is stopping: `/ready` answers 503 from the first moment of a shutdown. */
@Injectable()
export class AppLifecycle {
  stopping = false;
}

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  /** Each dependency by name (`database:stores`, `nats:stores-service`): `ok` or why not. */
  checks: Record<string, string>;
}

/**
 * Readiness: this process's own dependencies work, its database pool and its own NATS connections; never a
 * round trip another replica could answer. Unavailable from the first moment of a shutdown.
 */
@Injectable()
export class Readiness {
  constructor(
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
    @Optional() private readonly lifecycle?: AppLifecycle,
  ) {}

  async report(): Promise<ReadinessReport> {
    if (this.lifecycle?.stopping) return { status: 'unavailable', checks: { process: 'shutting down' } };
    const results = await Promise.all(
      allChecks(this.checks).map(async ({ name, check }) => {
        try {
          await withDeadline(check(), 2_000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : 'failed'] as const;
        }
      }),
    );
    return {
      status: results.every(([, state]) => state === 'ok') ? 'ok' : 'unavailable',
      checks: Object.fromEntries(results),
    };
  }
}

/** What failed, for a 503 or a log line: `database:stores: timeout; nats:...`. */
export function failingChecks(report: ReadinessReport): string {
  return Object.entries(report.checks)
    .filter(([, state]) => state !== 'ok')
    .map(([name, state]) => `${name}: ${state}`)
    .join('; ');
}

/**
 * The probes on an internal port (a service's `HEALTH_PORT`, the gateway's probe port): liveness (`/health`:
 * this process answers), readiness with its detail (`/ready`: every dependency by name) and the process's
 * metrics (`/metrics`, `processMetrics`).
 */
@Controller()
@Public()
export class ProbeController {
  constructor(private readonly readiness: Readiness) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    if (report.status !== 'ok') throw Errors.serviceUnavailable(`Not ready: ${failingChecks(report)}`);
    return report;
  }

  /** This process's own metrics (`processMetrics`), for Prometheus; internal like the rest of this port. */
  @Get('metrics')
  @Header('content-type', processMetrics.contentType)
  metrics(): Promise<string> {
    return processMetrics.metrics();
  }
}

/**
 * The probes on a public port (the gateway's API port): `/health` and `/ready` answer the status only, never
 * the names of internal dependencies; what failed is logged, and the detail is on the probe port.
 */
@Controller()
@Public()
export class HealthController {
  private readonly logger = new Logger('Readiness');

  constructor(private readonly readiness: Readiness) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    const report = await this.readiness.report();
    if (report.status === 'ok') return { status: 'ok' };
    this.logger.warn(`Not ready: ${failingChecks(report)}`);
    throw Errors.serviceUnavailable('Not ready.');
  }
}

/** This app's checks, the other apps' of the process, and every NATS listener of the process. */
function allChecks(own: ReadinessCheck[]): ReadinessCheck[] {
  const byName = new Map<string, ReadinessCheck>();
  for (const check of [...processReadiness.values(), ...own]) byName.set(check.name, check);
  for (const listener of natsListeners) {
    const name = `nats-listener:${listener.name}`;
    byName.set(name, { name, check: () => listener.checkConnection() });
  }
  return [...byName.values()];
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
