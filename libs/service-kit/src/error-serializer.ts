import { stdSerializers } from 'pino';

/**
 * What a PostgreSQL error may tell a log: its SQLSTATE and the names of what failed. Never `detail` (`Key
 * (email)=(ann@example.com) already exists.`), `where` (`JSON data, line 1: {"firstName": ...`),
 * `internalQuery`, `hint` or the statement's `parameters`: they carry the rows' contents.
 */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
];
/** Causes followed at most. */
const MAX_DEPTH = 5;

type Fields = Record<string, unknown>;

/** A node-postgres `DatabaseError`, or TypeORM's `QueryFailedError` around one. */
function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as Fields;
  if (fields.driverError instanceof Error) return true;
  return (
    typeof fields.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(fields.code) &&
    (typeof fields.severity === 'string' || typeof fields.routine === 'string')
  );
}

function involvesDatabase(error: Error, depth = 0): boolean {
  if (isDatabaseError(error)) return true;
  return error.cause instanceof Error && depth < MAX_DEPTH && involvesDatabase(error.cause, depth + 1);
}

/**
 * A database message up to its first quoted or appended value: `invalid input syntax for type integer: "x"`
 * is logged as `invalid input syntax for type integer`; the code and routine say the rest.
 */
function messageWithoutValues(message: string): string {
  const end = message.search(/[:"]/);
  return (end < 0 ? message : message.slice(0, end)).trim();
}

/** The error's stack with its first line (`Type: message`) rewritten to the message that may be logged. */
function stackWith(error: Error, type: string, message: string): string | undefined {
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  return frames < 0 ? undefined : `${type}: ${message}${error.stack!.slice(frames)}`;
}

function withoutValues(error: Error, depth: number): Fields {
  const fields = error as unknown as Fields;
  const database = isDatabaseError(error);
  const type = error.constructor?.name ?? error.name;
  const message = database ? messageWithoutValues(error.message) : error.message;
  const logged: Fields = { type, message, stack: stackWith(error, type, message) };
  if (database) {
    for (const name of DATABASE_FIELDS) if (typeof fields[name] === 'string') logged[name] = fields[name];
    // The statement itself is the code's (values travel as parameters, which are left out).
    if (typeof fields.query === 'string') logged.query = fields.query.slice(0, 2_000);
    if (fields.driverError instanceof Error)
      logged.driverError = withoutValues(fields.driverError, depth + 1);
  }
  if (error.cause instanceof Error && depth < MAX_DEPTH) logged.cause = withoutValues(error.cause, depth + 1);
  return logged;
}

/**
 * pino's `err` serializer: pino's own for any error, except one from the database (or caused by one), which is
 * logged by its code and names only, never with the values PostgreSQL quotes in its message and context or
 * the statement's parameters (docs/SECURITY.md: logs never carry document contents).
 */
export function serializeError(error: unknown): unknown {
  // pino-http (nestjs-pino's loggers) runs pino's serializer first and hands on its output, whose documented
  // `raw` is the error itself.
  const raw = (error as { raw?: unknown } | null)?.raw;
  const original = raw instanceof Error ? raw : error;
  if (!(original instanceof Error)) return stdSerializers.err(original as Error);
  return involvesDatabase(original) ? withoutValues(original, 0) : stdSerializers.err(original);
}
