import type { RpcClient } from '@commerce/messaging';
import type { ProjectTelemetry, TelemetryBatch, TelemetryReceipt } from '@commerce/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { TelemetryCollector } from './telemetry-collector.js';

/** insights-service as the collector sees it: it records each batch and answers with `exporting`. */
class FakeInsights {
  batches: ProjectTelemetry[][] = [];
  exporting: string[] = [];
  /** While set, answers wait for it (a flush in progress). */
  gate: Promise<void> | undefined;

  readonly rpc = {
    send: async (_subject: string, batch: TelemetryBatch): Promise<TelemetryReceipt> => {
      this.batches.push(batch.projects);
      const exporting = this.exporting === undefined ? undefined : [...this.exporting];
      await this.gate;
      return { stored: batch.projects.length, exporting: exporting as string[] };
    },
  } as unknown as RpcClient;

  shipped(projectKey: string): number {
    return this.batches.flat().filter((part) => part.projectKey === projectKey).length;
  }
}

const config = {
  INSIGHTS_BUFFER_MAX_SERIES: 100,
  INSIGHTS_BUFFER_MAX_LOGS: 100,
  INSIGHTS_FLUSH_INTERVAL_MS: 60_000,
} as GatewayConfig;

function answered(collector: TelemetryCollector, projectKey: string): void {
  const request = {
    params: { projectKey },
    principal: { projectKey },
    method: 'GET',
    routeOptions: { url: '/:projectKey/stores' },
    headers: {},
    url: `/${projectKey}/stores`,
    correlationId: 'corr-0001',
  } as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 2, getHeader: () => '10' } as unknown as FastifyReply;
  collector.observe(request, reply);
}

async function responsesOf(collector: TelemetryCollector, projectKey: string): Promise<number> {
  const metric = await collector.prometheus.responses.get();
  return metric.values
    .filter((value) => value.labels.project_key === projectKey)
    .reduce((sum, value) => sum + value.value, 0);
}

describe(TelemetryCollector.name, () => {
  it('collects every project until insights-service has named the exporting ones, then those only', async () => {
    const insights = new FakeInsights();
    insights.exporting = ['a'];
    const collector = new TelemetryCollector(insights.rpc, config);
    answered(collector, 'a');
    answered(collector, 'b');
    await collector.flush();
    expect(insights.shipped('a')).toBe(1);
    expect(insights.shipped('b')).toBe(1);

    answered(collector, 'a');
    answered(collector, 'b');
    await collector.flush();
    expect(insights.shipped('a')).toBe(2);
    expect(insights.shipped('b')).toBe(1);
    // Prometheus serves every project, exporting or not.
    expect(await responsesOf(collector, 'b')).toBe(2);
  });

  it('keeps collecting every project when insights-service names none (one from before the list)', async () => {
    const insights = new FakeInsights();
    insights.exporting = ['a'];
    const collector = new TelemetryCollector(insights.rpc, config);
    await collector.flush();
    insights.exporting = undefined as unknown as string[];
    await collector.flush();
    answered(collector, 'b');
    await collector.flush();
    expect(insights.shipped('b')).toBe(1);
  });

  it('asks with an empty batch when there is nothing to ship', async () => {
    const insights = new FakeInsights();
    insights.exporting = ['a'];
    const collector = new TelemetryCollector(insights.rpc, config);
    await collector.flush();
    expect(insights.batches).toEqual([[]]);
    answered(collector, 'b');
    await collector.flush();
    expect(insights.shipped('b')).toBe(0);
  });

  it('after a configuration write, asks again once the flush in progress has answered', async () => {
    const insights = new FakeInsights();
    const collector = new TelemetryCollector(insights.rpc, config);
    await collector.flush();
    answered(collector, 'a');
    await collector.flush();
    expect(insights.shipped('a')).toBe(0);

    // A flush asked before the write: its answer (nothing exports) comes after the write.
    let open!: () => void;
    insights.gate = new Promise((resolve) => (open = resolve));
    const inProgress = collector.flush();
    insights.exporting = ['a'];
    const refreshed = collector.refreshExporting();
    insights.gate = undefined;
    open();
    await Promise.all([inProgress, refreshed]);

    answered(collector, 'a');
    await collector.flush();
    expect(insights.shipped('a')).toBe(1);
  });
});
