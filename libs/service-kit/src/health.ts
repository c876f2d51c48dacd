import { Public } from '@commerce/auth';
import { Errors } from '@commerce/errors';
import { Controller, Get, Inject, Optional } from '@nestjs/common';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** Liveness (`/health`) and readiness (`/ready`: the database and messaging answer). */
@Controller()
@Public()
export class HealthController {
  constructor(@Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = []) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
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
