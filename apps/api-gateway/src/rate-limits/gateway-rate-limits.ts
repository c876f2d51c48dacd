import { Errors } from '@commerce/errors';
import { BatchedLimit, SharedLimit, counterTableSql, type CounterTable } from '@commerce/service-kit';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** The gateway's own schema and table of shared counters. */
export const RATE_LIMIT_SCHEMA = 'gateway';
export const RATE_LIMIT_TABLE = 'rate_limits';

/** What a token request is, for its limits. */
export interface TokenCall {
  clientId: string;
  ip: string;
  passwordGrant: boolean;
}

/**
 * The gateway's rate limits, answered 429 `TooManyRequests` with `Retry-After` (docs/EDGE.md): token
 * endpoints per client and per IP, password grants more strictly, data requests per client (a public route's
 * per IP). The counters
 * are shared by every gateway replica through the `gateway.rate_limits` table (rate-limiter-flexible on
 * PostgreSQL, at `RATE_LIMIT_DATABASE_URL` or else `DATABASE_URL`); without a database, or while it cannot be
 * reached, each replica counts in memory.
 */
@Injectable()
export class GatewayRateLimits implements OnModuleInit, OnApplicationShutdown {
  private pool?: pg.Pool;
  private limits!: Record<
    'tokenClient' | 'tokenIp' | 'passwordClient' | 'passwordIp' | 'dataClient',
    BatchedLimit
  >;

  private readonly logger = new Logger(GatewayRateLimits.name);

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    const url = this.config.RATE_LIMIT_DATABASE_URL ?? this.config.DATABASE_URL;
    let table: CounterTable | undefined;
    if (url) {
      this.pool = new pg.Pool({
        connectionString: url,
        max: this.config.RATE_LIMIT_DATABASE_POOL_SIZE,
        connectionTimeoutMillis: 2_000,
      });
      this.pool.on('error', (error) =>
        this.logger.warn(`rate-limit database connection lost: ${error.message}`),
      );
      table = { client: this.pool, storeType: 'pool', schema: RATE_LIMIT_SCHEMA, table: RATE_LIMIT_TABLE };
      try {
        for (const statement of counterTableSql(RATE_LIMIT_SCHEMA, RATE_LIMIT_TABLE))
          await this.pool.query(statement);
      } catch (error) {
        // Counting goes on in memory (the insurance limiter) until the table answers.
        this.logger.warn(
          `rate-limit counters unavailable, limits hold per replica for now: ${String(error)}`,
        );
      }
    } else {
      this.logger.warn('no database for rate-limit counters: limits hold per gateway replica');
    }
    const c = this.config;
    const limit = (name: string, points: number) =>
      new BatchedLimit(
        new SharedLimit(name, { points, durationSeconds: c.RATE_LIMIT_WINDOW_SECONDS }, table),
        c.RATE_LIMIT_SYNC_MS,
      );
    this.limits = {
      tokenClient: limit('token-client', c.RATE_LIMIT_TOKEN_PER_CLIENT),
      tokenIp: limit('token-ip', c.RATE_LIMIT_TOKEN_PER_IP),
      passwordClient: limit('password-client', c.RATE_LIMIT_PASSWORD_GRANT_PER_CLIENT),
      passwordIp: limit('password-ip', c.RATE_LIMIT_PASSWORD_GRANT_PER_IP),
      dataClient: limit('data-client', c.RATE_LIMIT_DATA_PER_CLIENT),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.limits ?? {}).map((limit) => limit.close().catch(() => undefined)));
    await this.pool?.end();
  }

  /** A request to an authorization endpoint: per client (as named in Basic) and per IP. */
  async tokenRequest(call: TokenCall): Promise<void> {
    await this.check(this.limits.tokenIp, call.ip);
    if (call.clientId) await this.check(this.limits.tokenClient, call.clientId);
    if (call.passwordGrant) {
      await this.check(this.limits.passwordIp, call.ip);
      if (call.clientId) await this.check(this.limits.passwordClient, call.clientId);
    }
  }

  /** An authenticated data request: per API client. */
  async dataRequest(clientId: string): Promise<void> {
    await this.check(this.limits.dataClient, clientId);
  }

  /** A request to a route that needs no token (a Subscription's health): per IP, against the data limit. */
  async publicRequest(ip: string): Promise<void> {
    await this.check(this.limits.dataClient, `\u0001ip\u0000${ip}`);
  }

  private async check(limit: BatchedLimit, key: string): Promise<void> {
    const waitMs = await limit.take(key);
    if (waitMs !== undefined) throw Errors.tooManyRequests(waitMs);
  }
}
