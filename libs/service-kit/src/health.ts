import { Public } from '@commerce/auth';
import { Errors } from '@commerce/errors';
import { natsListeners } from '@commerce/messaging';
import { Controller, Get, Inject, Injectable, Optional } from '@nestjs/common';

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

/**
 * Liveness (`/health`: this process answers) and readiness (`/ready`: this process's own dependencies work,
 * its database pool and its own NATS connections; never a round trip another replica could answer).
 */
@Controller()
@Public()
export class HealthController {
  constructor(
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
    @Optional() private readonly lifecycle?: AppLifecycle,
  ) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    if (this.lifecycle?.stopping) throw Errors.serviceUnavailable('Not ready: shutting down.');
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
    const body = {
      status: results.every(([, state]) => state === 'ok') ? 'ok' : 'unavailable',
      checks: Object.fromEntries(results),
    };
    if (body.status !== 'ok') {
      const failing = results
        .filter(([, state]) => state !== 'ok')
        .map(([name, state]) => `${name}: ${state}`);
      throw Errors.serviceUnavailable(`Not ready: ${failing.join('; ')}`);
    }
    return body;
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
