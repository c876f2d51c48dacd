import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamicModule } from '@nestjs/common';
import { Logger as NestPinoLogger, LoggerModule, PinoLogger, type Params } from 'nestjs-pino';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { createRequire } from 'node:module';
import { serializeError } from './error-serializer.js';

/**
 * Fields never written: credentials in headers, bodies and options, wherever they appear by name (top level or
 * one level down; pino's redaction paths are explicit by design).
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'clientSecret',
  'client_secret',
  'secret',
  'access_token',
  'refresh_token',
  'token',
  'apiKey',
  'callbackApiKey',
  'authorizationHeader',
];
export const REDACTED_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  'req.headers.authorization',
  'req.headers.cookie',
];

export type LogFormat = 'json' | 'pretty';

/** JSON lines in production; readable lines when a person watches (a terminal) or LOG_FORMAT=pretty asks. */
export function logFormatOf(env: NodeJS.ProcessEnv = process.env, tty = process.stdout.isTTY): LogFormat {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return tty ? 'pretty' : 'json';
}

/**
 * Readable lines for a person at a terminal. pino-pretty is loaded only then: a service that logs JSON (every
 * deployed one) does not hold it (about 7 MB of RSS).
 */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({ sync: true, colorize: process.stdout.isTTY === true, ignore: 'pid,hostname' });
}

/** The service a log line belongs to: the app whose code is running (several share one process in all-in-one). */
const serviceScope = new AsyncLocalStorage<string>();

/**
 * A pino logger that names the running service on every line and never writes a secret, nor the row data a
 * database error carries (`serializeError`).
 */
export function createLogger(
  level: LevelWithSilent,
  options: { fallbackService: string; destination?: DestinationStream; format?: LogFormat },
): Logger {
  const format = options.format ?? logFormatOf();
  const destination = options.destination ?? (format === 'pretty' ? prettyStream() : undefined);
  const settings = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ service: serviceScope.getStore() ?? options.fallbackService }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(settings, destination) : pino(settings);
}

let root: { logger: Logger; params: Params } | undefined;

function rootOf(level: LevelWithSilent, fallbackService: string): { logger: Logger; params: Params } {
  root ??= rootWith(createLogger(level, { fallbackService }));
  return root;
}

/**
 * HTTP access lines are written by the gateway's onResponse hook (they carry the correlation id, also for
 * requests refused before routing), so no pino-http middleware runs: `forRoutes: []`.
 */
function rootWith(logger: Logger): { logger: Logger; params: Params } {
  // pino-http gives its loggers pino's own `err` serializer unless told another.
  return { logger, params: { pinoHttp: { logger, serializers: { err: serializeError } }, forRoutes: [] } };
}

/**
 * The process's one logger (nestjs-pino keeps one root per process). The first caller names the fallback
 * service: the app in the distributed mode, `platform` in the all-in-one process.
 */
export function rootLogger(level: LevelWithSilent, fallbackService: string): Logger {
  return rootOf(level, fallbackService).logger;
}

/** Uses `logger` as the process's logger (embedding and tests); call before any app starts. */
export function useRootLogger(logger: Logger): void {
  root = rootWith(logger);
}

/** The logging module of one app: nestjs-pino's `PinoLogger` and `Logger` injectable, on the process's root. */
export function loggerModule(level: LevelWithSilent, service: string): DynamicModule {
  return LoggerModule.forRoot(rootOf(level, service).params);
}

/** Nest's own logger (framework lines and `new Logger(context)`) as nestjs-pino's, on the process's root. */
export function nestLogger(level: LevelWithSilent, service: string): NestPinoLogger {
  const { params } = rootOf(level, service);
  return new NestPinoLogger(new PinoLogger(params), params);
}

/** Runs `fn` (an app's creation, and so its timers, subscriptions and listeners) as `service`. */
export function asService<T>(service: string, fn: () => T): T {
  return serviceScope.run(service, fn);
}
