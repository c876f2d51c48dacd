import { testDatabase } from '@commerce/persistence/testing';
import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { serializeError } from './error-serializer.js';
import { createLogger, nestLogger, useRootLogger } from './logger.js';

/** What a customer's row holds: none of it may reach a log line. */
const ROW = ['ann@example.com', 'Annabel', 'Secret Street 7', '4111-1111'];

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** The error PostgreSQL answers to `sql` (through TypeORM, as the services run it). */
async function failureOf(db: DataSource, sql: string, parameters: unknown[]): Promise<Error> {
  try {
    await db.query(sql, parameters);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`no error from ${sql}`);
}

describe(serializeError.name, () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const failures: Record<string, Error> = {};

  beforeAll(async () => {
    database = await testDatabase({ schema: 'logtest', migrations: [] });
    const { db } = database;
    await db.query('CREATE TABLE logtest.customers (email text UNIQUE, doc jsonb, age int)');
    const [email, name, street, card] = ROW;
    const doc = JSON.stringify({ email, name, street, card });
    await db.query('INSERT INTO logtest.customers (email, doc) VALUES ($1, $2)', [email, doc]);
    failures.unique = await failureOf(db, 'INSERT INTO logtest.customers (email, doc) VALUES ($1, $2)', [
      email,
      doc,
    ]);
    failures.json = await failureOf(db, 'INSERT INTO logtest.customers (doc) VALUES ($1::jsonb)', [
      `${doc.slice(0, -1)}\\ud800"}`,
    ]);
    failures.integer = await failureOf(db, 'INSERT INTO logtest.customers (age) VALUES ($1)', [
      `${name} ${card}`,
    ]);
    failures.wrapped = new Error('the write failed', { cause: failures.unique });
  }, 120_000);

  afterAll(async () => {
    await database.close();
  });

  it('is what PostgreSQL really answers: row data in the message, detail, context and parameters', () => {
    const raw = JSON.stringify(
      Object.values(failures).map((error) => ({ ...error, message: error.message })),
    );
    for (const value of ROW) expect(raw).toContain(value);
  });

  it.each(['unique', 'json', 'integer', 'wrapped'])(
    'logs the %s failure by its code and names, never with row data',
    (kind) => {
      const { lines, stream } = sink();
      createLogger('info', { fallbackService: 'test', destination: stream, format: 'json' }).error(
        { err: failures[kind] },
        'unexpected error',
      );
      const line = lines.join('\n');
      for (const value of ROW) expect(line).not.toContain(value);
      const { err } = JSON.parse(line) as { err: Record<string, unknown> };
      const logged = (kind === 'wrapped' ? err.cause : err) as Record<string, unknown>;
      expect(logged).toMatchObject({
        code: expect.stringMatching(/^[0-9A-Z]{5}$/),
        routine: expect.any(String),
      });
      expect(logged).not.toHaveProperty('detail');
      expect(logged).not.toHaveProperty('parameters');
      expect(logged.stack).toEqual(expect.stringContaining('    at '));
    },
  );

  it('names the constraint and table of a unique violation, and the statement without its values', () => {
    expect(serializeError(failures.unique)).toMatchObject({
      type: 'QueryFailedError',
      message: 'duplicate key value violates unique constraint',
      code: '23505',
      constraint: 'customers_email_key',
      table: 'customers',
      query: 'INSERT INTO logtest.customers (email, doc) VALUES ($1, $2)',
    });
  });

  it('reaches the lines Nest loggers write (the RPC and HTTP error filters log through one)', () => {
    const { lines, stream } = sink();
    useRootLogger(createLogger('info', { fallbackService: 'test', destination: stream, format: 'json' }));
    Logger.overrideLogger(nestLogger('info', 'test'));
    new Logger('RpcError').error({ errorId: 'e1', err: failures.json, msg: 'unexpected error e1' });
    expect(lines.join('\n')).toContain('"code":"22P02"');
    for (const value of ROW) expect(lines.join('\n')).not.toContain(value);
  });

  it('leaves any other error as pino writes it', () => {
    const error = new TypeError('x is not a function');
    expect(serializeError(error)).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(serializeError('text')).toBe('text');
  });
});
