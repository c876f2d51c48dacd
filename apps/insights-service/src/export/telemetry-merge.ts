import type { AccessLogEntry, ProjectTelemetry, TelemetrySeries } from '@commerce/contracts';

/** One project's telemetry of one export window, merged from the gateways' batches. */
export interface MergedTelemetry {
  startTime: number;
  endTime: number;
  series: TelemetrySeries[];
  logs: AccessLogEntry[];
}

const seriesKey = (series: TelemetrySeries) => `${series.httpMethod} ${series.httpStatus} ${series.endpoint}`;

/** Adds up the series of several batches (same endpoint, method and status) and joins their logs. */
export function mergeTelemetry(batches: ProjectTelemetry[]): MergedTelemetry | undefined {
  if (batches.length === 0) return undefined;
  const series = new Map<string, TelemetrySeries>();
  const logs: AccessLogEntry[] = [];
  let startTime = Infinity;
  let endTime = 0;
  for (const batch of batches) {
    startTime = Math.min(startTime, batch.startTime);
    endTime = Math.max(endTime, batch.endTime);
    logs.push(...batch.logs);
    for (const item of batch.series) {
      const key = seriesKey(item);
      const known = series.get(key);
      if (!known) {
        series.set(key, { ...item, timeBuckets: [...item.timeBuckets] });
        continue;
      }
      known.count += item.count;
      known.sentBytes += item.sentBytes;
      known.receivedBytes += item.receivedBytes;
      known.timeSum += item.timeSum;
      known.timeMin = Math.min(known.timeMin, item.timeMin);
      known.timeMax = Math.max(known.timeMax, item.timeMax);
      known.timeBuckets = known.timeBuckets.map((count, index) => count + (item.timeBuckets[index] ?? 0));
    }
  }
  return { startTime, endTime, series: [...series.values()], logs };
}
