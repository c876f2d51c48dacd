import type { TokenRevocationsPage } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** At most this many hashes per page; a gateway that is further behind asks again at once. */
const PAGE = 5_000;
/** Entries are kept this long: a gateway away for longer forgets its whole cache when it is back. */
export const REVOCATION_LOG_RETENTION_SECONDS = 600;

interface Row {
  latest: string;
  oldest: string | null;
  page: Array<[string, string]>;
}

/**
 * The revocation log (`auth.token_revocations`), written by a trigger whenever an access token is deleted
 * before its expiry. Positions commit in order, so a page read in one statement never skips an entry that
 * commits later (docs/CONSISTENCY.md).
 */
@Injectable()
export class TokenRevocationLog {
  constructor(private readonly db: DataSource) {}

  async after(after: unknown): Promise<TokenRevocationsPage> {
    const from = typeof after === 'number' && Number.isSafeInteger(after) && after >= 0 ? after : undefined;
    const [row] = await this.db.query<Row[]>(
      `WITH page AS (
         SELECT seq, token_hash FROM "auth"."token_revocations" WHERE seq > $1 ORDER BY seq LIMIT $2)
       SELECT (SELECT seq FROM "auth"."token_revocation_counter")::text AS latest,
              (SELECT min(seq) FROM "auth"."token_revocations")::text AS oldest,
              coalesce((SELECT json_agg(json_build_array(seq::text, token_hash) ORDER BY seq) FROM page), '[]')
                AS page`,
      [from ?? Number.MAX_SAFE_INTEGER, PAGE],
    );
    const latest = Number(row.latest);
    if (from === undefined) return { cursor: latest, tokenHashes: [], more: false, complete: true };
    const more = row.page.length === PAGE;
    const oldest = row.oldest === null ? undefined : Number(row.oldest);
    // Every entry after `from` is still here when nothing came after it, or the oldest kept follows it.
    const complete = latest <= from || (oldest !== undefined && oldest <= from + 1);
    return {
      cursor: more ? Number(row.page[row.page.length - 1][0]) : latest,
      tokenHashes: row.page.map(([, hash]) => hash),
      more,
      complete,
    };
  }

  /** Forgets entries older than the retention, oldest first (the kept entries stay a contiguous run). */
  async prune(): Promise<number> {
    const rows = await this.db.query<unknown[]>(
      `WITH gone AS (
         DELETE FROM "auth"."token_revocations" WHERE seq <= (
           SELECT max(seq) FROM "auth"."token_revocations"
           WHERE revoked_at < now() - make_interval(secs => $1)) RETURNING 1)
       SELECT * FROM gone`,
      [REVOCATION_LOG_RETENTION_SECONDS],
    );
    return rows.length;
  }
}
