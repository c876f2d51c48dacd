import { Subjects, type TokenRevocationsPage, type TokenRevocationsRequest } from '@commerce/contracts';
import { Logger } from '@nestjs/common';
import type { TokenCache } from './token-cache.js';

/** A revoked token is refused by every gateway at most this long after its revocation committed. */
export const REVOCATION_BOUND_MS = 1_000;
/** How often the revocation log is read: several times within the bound, so one slow read costs nothing. */
export const REVOCATION_POLL_MS = 250;

/** Where the log is read: the gateway's `RpcClient` (typed by the subject's contract). */
export interface RevocationSource {
  send(
    subject: typeof Subjects.auth.tokenRevocations,
    payload: TokenRevocationsRequest,
  ): Promise<TokenRevocationsPage>;
}

/**
 * Keeps the gateway's token cache in step with auth-service's revocation log (docs/CONSISTENCY.md, "Token
 * revocation"). It reads the log after its position every `REVOCATION_POLL_MS` and drops the revoked tokens;
 * cached tokens are trusted only while the last complete read began less than `REVOCATION_BOUND_MS` ago.
 * A gateway that missed events, lost its connection or was away longer than the log keeps entries therefore
 * never serves a revoked token for longer than the bound: it asks auth-service instead, and on its first
 * read or after a gap it forgets every cached token.
 */
export class RevocationFeed {
  private readonly logger = new Logger(RevocationFeed.name);
  private cursor?: number;
  /** `performance.now()` when the last read that reached the log's end began. */
  private syncedAt = Number.NEGATIVE_INFINITY;
  private timer?: NodeJS.Timeout;
  private running = false;
  private failing = false;

  constructor(
    private readonly source: RevocationSource,
    private readonly cache: TokenCache,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether cached tokens may be used now. */
  fresh(): boolean {
    return this.now() - this.syncedAt < REVOCATION_BOUND_MS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /**
   * Reads the log to its end now, so that every revocation committed before this call is out of the cache
   * when it returns (a revoke's answer waits for it); should the log not answer, the cache is forgotten.
   */
  async catchUp(): Promise<void> {
    if (!(await this.sync())) this.cache.clear();
  }

  /** One read of the log up to its end (several pages if far behind). False when auth-service did not answer. */
  async sync(): Promise<boolean> {
    const began = this.now();
    try {
      let page: TokenRevocationsPage;
      do {
        const request: TokenRevocationsRequest = this.cursor === undefined ? {} : { after: this.cursor };
        page = await this.source.send(Subjects.auth.tokenRevocations, request);
        for (const tokenHash of page.tokenHashes) this.cache.delete(tokenHash);
        // Before the first read nothing is known about what was revoked meanwhile; after a gap neither.
        if (this.cursor === undefined || !page.complete) this.cache.clear();
        this.cursor = page.cursor;
      } while (page.more);
      this.syncedAt = began;
      if (this.failing) this.logger.log('the revocation log answers again');
      this.failing = false;
      return true;
    } catch (error) {
      if (!this.failing) {
        this.logger.warn(
          `reading the revocation log failed; cached tokens are not used until it answers: ${String(error)}`,
        );
      }
      this.failing = true;
      return false;
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      const began = this.now();
      void this.sync().finally(() => {
        if (this.running) this.schedule(Math.max(0, REVOCATION_POLL_MS - (this.now() - began)));
      });
    }, delayMs);
    this.timer.unref();
  }
}
