import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { TelemetryCollector } from './telemetry-collector.js';

/**
 * On the insights configuration's routes: after a successful write (PUT, POST, DELETE), the collector asks
 * insights-service again which projects export before the answer goes out, so the caller's next request is
 * collected as the configuration now says.
 */
@Injectable()
export class ConfigurationWrittenInterceptor implements NestInterceptor {
  constructor(private readonly telemetry: TelemetryCollector) {}

  intercept(context: ExecutionContext, next: CallHandler<unknown>): Observable<unknown> {
    const { method } = context.switchToHttp().getRequest<FastifyRequest>();
    if (method === 'GET' || method === 'HEAD') return next.handle();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await this.telemetry.refreshExporting();
        return answer;
      }),
    );
  }
}
