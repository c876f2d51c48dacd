import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LevelWithSilent } from 'pino';

/** Structured JSON logs; secrets and tokens are redacted wherever they appear by name. */
export function createLogger(service: string, level: LevelWithSilent): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.password',
        '*.clientSecret',
        '*.secret',
        '*.access_token',
        '*.refresh_token',
        '*.token',
        '*.apiKey',
        '*.authorizationHeader',
      ],
      censor: '[redacted]',
    },
  });
}

/** Nest's logger interface on top of pino, so framework and application logs are the same JSON lines. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, ...rest: unknown[]): void {
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    this.write('error', message, context);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
  ) {
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...fields } = message as { msg?: string } & Record<string, unknown>;
      this.logger[level]({ context, ...fields }, msg ?? '');
    } else {
      this.logger[level]({ context }, String(message));
    }
  }
}
