/** How a write was answered: what the client may conclude about it. */
export type Outcome = 'acked' | 'unknown' | 'not-applied' | 'rejected';

/** The answer's class: 2xx acked; an error body's `outcome` says not-applied or unknown; other 4xx rejected. */
export function outcomeOf(status: number | undefined, body: unknown): Outcome {
  if (status === undefined) return 'unknown';
  if (status >= 200 && status < 300) return 'acked';
  const stated = (body as { errors?: Array<{ outcome?: unknown }> } | undefined)?.errors?.[0]?.outcome;
  if (stated === 'not-applied') return 'not-applied';
  if (stated === 'unknown' || status >= 500) return 'unknown';
  return 'rejected';
}

export interface Verdict {
  lost: number;
  duplicated: number;
  /** Answered "not applied" (or refused) but present: the answer was wrong. */
  wrong: number;
}

const none = (): Verdict => ({ lost: 0, duplicated: 0, wrong: 0 });

/** A write of one uniquely keyed row, against the number of rows found with its key afterwards. */
export function judgeKeyedWrite(outcome: Outcome, found: number): Verdict {
  const verdict = none();
  if (found > 1) verdict.duplicated = found - 1;
  if (outcome === 'acked' && found === 0) verdict.lost = 1;
  if ((outcome === 'not-applied' || outcome === 'rejected') && found > 0) verdict.wrong = 1;
  return verdict;
}

/**
 * A chain of updates to one resource (each sent with the version the previous answer gave): the versions it
 * rose by must lie between the acknowledged updates and those plus the ones of unknown outcome.
 */
export function judgeUpdateChain(acked: number, unknown: number, applied: number): Verdict {
  const verdict = none();
  if (applied < acked) verdict.lost = acked - applied;
  if (applied > acked + unknown) verdict.duplicated = applied - acked - unknown;
  return verdict;
}

export function addVerdicts(...verdicts: Verdict[]): Verdict {
  return verdicts.reduce(
    (sum, v) => ({
      lost: sum.lost + v.lost,
      duplicated: sum.duplicated + v.duplicated,
      wrong: sum.wrong + v.wrong,
    }),
    none(),
  );
}
