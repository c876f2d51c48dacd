import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** At most `points` within a fixed window of `durationSeconds`. */
export interface LimitRule {
  points: number;
  durationSeconds: number;
}

/** Where counters are shared between replicas: a table of a PostgreSQL database. */
export interface CounterTable {
  /** A `pg` Pool, or a TypeORM DataSource (its pool is used). */
  client: object;
  storeType: 'pool' | 'typeorm';
  schema: string;
  table: string;
}

/**
 * The counters' table, as rate-limiter-flexible's `RateLimiterPostgres` reads and writes it: one row per
 * limited key (`<rule>:<sha-256 of the key>`), its points and the end of its window in epoch milliseconds.
 */
export function counterTableSql(schema: string, table: string): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS "${schema}"`,
    `CREATE TABLE IF NOT EXISTS "${schema}"."${table}" (
       key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
  ];
}

/** What a counter holds after a change: the points taken in its window and when the window ends. */
export interface CounterState {
  consumed: number;
  msBeforeNext: number;
}

/**
 * One limit whose counters live in PostgreSQL (`RateLimiterPostgres`), so every replica that uses the same
 * table counts together. When the database cannot be reached, an in-memory limiter of the same rule answers
 * instead (the library's insurance limiter): limits then hold per replica until the database is back. Keys
 * are stored hashed: e-mail addresses and client ids never reach the table.
 */
export class SharedLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly name: string,
    readonly rule: LimitRule,
    table?: CounterTable,
  ) {
    const options = { keyPrefix: name, points: rule.points, duration: rule.durationSeconds };
    const memory = new RateLimiterMemory(options);
    this.limiter = table
      ? new RateLimiterPostgres({
          ...options,
          storeClient: table.client,
          storeType: table.storeType,
          schemaName: table.schema,
          tableName: table.table,
          tableCreated: true,
          insuranceLimiter: memory,
        })
      : memory;
  }

  /** Takes one point; answers the milliseconds to wait when the limit was already reached. */
  async take(key: string): Promise<number | undefined> {
    try {
      await this.limiter.consume(hashed(key));
      return undefined;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return Math.max(outcome.msBeforeNext, 1);
      throw outcome;
    }
  }

  /** Gives a point back (an attempt that turned out not to count). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(hashed(key));
  }

  /** Adds points counted elsewhere (a replica's batch) and answers the counter's state. */
  async add(key: string, points: number): Promise<CounterState> {
    const result = await this.limiter.penalty(hashed(key), points);
    return { consumed: result.consumedPoints, msBeforeNext: Math.max(result.msBeforeNext, 0) };
  }
}

const hashed = (key: string): string => createHash('sha256').update(key).digest('hex');
