export interface ScenarioResult {
  scenario: string;
  requests: number;
  errors: number;
  /** 5xx answers. */
  serverErrors: number;
  hung: number;
  refused: number;
  reset: number;
  /** HTTP error answers without the API's JSON error body. */
  badAnswers: number;
  kinds: Record<string, number>;
  lost: number;
  duplicated: number;
  wrong: number;
  /** From the restart to the first success through the gateway (ms); undefined where nothing restarts. */
  recoveryMs?: number;
  /** Why the scenario failed, besides lost, duplicated or misreported writes and unanswered requests. */
  failure?: string;
  note: string;
}

/** The error answers of a scenario, most frequent first: `12 × 502 BadGateway`. */
export function describeKinds(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ');
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);

export function renderTable(results: ScenarioResult[]): string {
  const head =
    '| scenario | requests | errors | 5xx | hung | refused / reset | not the error body | lost | duplicated | wrong outcome | recovery | notes |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n';
  return (
    head +
    results
      .map(
        (r) =>
          `| ${r.scenario} | ${r.requests} | ${r.errors} | ${r.serverErrors} | ${r.hung} | ${r.refused} / ${r.reset} | ` +
          `${r.badAnswers} | ${r.lost} | ${r.duplicated} | ${r.wrong} | ${seconds(r.recoveryMs)} | ` +
          `${r.failure ? `**${r.failure}**; ` : ''}${r.note} |`,
      )
      .join('\n') +
    '\n'
  );
}
