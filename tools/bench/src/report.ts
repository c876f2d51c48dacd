export interface Measurement {
  scenario: string;
  stores: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** How the cost of a scenario grows from the small to the large data set: p50 latency ratio. */
export function growth(small: Measurement, large: Measurement): number {
  return Math.round((large.p50Ms / Math.max(small.p50Ms, 0.01)) * 100) / 100;
}

/** A Markdown table of the measurements, with the growth of each scenario from the smallest set. */
export function markdownTable(measurements: Measurement[]): string {
  const lines = [
    '| scenario | stores | req/s | p50 ms | p99 ms | errors | p50 growth |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of measurements) {
    const first = measurements.find((other) => other.scenario === m.scenario)!;
    lines.push(
      `| ${m.scenario} | ${m.stores} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.errors} | ${growth(first, m)}x |`,
    );
  }
  return lines.join('\n');
}
