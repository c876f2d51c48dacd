import * as grpc from '@grpc/grpc-js';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { exportOnce } from './otlp-exporters.js';
import { PolicyCheckedCredentials } from './policy-checked-credentials.js';

const empty: ResourceMetrics = { resource: resourceFromAttributes({}), scopeMetrics: [] };

/** A gRPC server on loopback that counts OTLP metric exports. */
async function receiver(): Promise<{ port: number; calls: () => number; close: () => void }> {
  let calls = 0;
  const server = new grpc.Server();
  const identity = (value: Buffer) => value;
  server.addService(
    {
      Export: {
        path: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export',
        requestStream: false,
        responseStream: false,
        requestSerialize: identity,
        requestDeserialize: identity,
        responseSerialize: identity,
        responseDeserialize: identity,
      },
    },
    {
      Export: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
        calls++;
        callback(null, Buffer.alloc(0));
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, calls: () => calls, close: () => server.forceShutdown() };
}

describe(PolicyCheckedCredentials.name, () => {
  it('refuses the connection when the connected peer is a loopback address, and allows it in development', async () => {
    const server = await receiver();
    try {
      const url = new URL(`http://127.0.0.1:${server.port}`);
      const exporter = (allowPrivate: boolean) =>
        new OTLPMetricExporter({
          url: url.toString(),
          timeoutMillis: 2_000,
          credentials: PolicyCheckedCredentials.forUrl(url, { allowPrivate }),
        });
      await expect(exportOnce(exporter(false), empty)).rejects.toThrow();
      expect(server.calls()).toBe(0);
      await exportOnce(exporter(true), empty);
      expect(server.calls()).toBe(1);
    } finally {
      server.close();
    }
  });
});
