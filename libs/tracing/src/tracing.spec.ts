import { describe, expect, it } from '@jest/globals';
import { activeTracer, flushTracing, startTracing, tracesRequested } from './tracing.js';

describe(tracesRequested.name, () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'TRUE' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'false' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'otlp, none' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'otlp' }, true],
  ])('%j -> %s', (env, expected) => {
    expect(tracesRequested(env)).toBe(expected);
  });
});

describe(startTracing.name, () => {
  it('starts nothing when no endpoint is set: no tracer, and a flush that does nothing', async () => {
    await expect(startTracing('stores-service', {})).resolves.toBe(false);
    expect(activeTracer()).toBeUndefined();
    await expect(flushTracing()).resolves.toBeUndefined();
  });

  it('names the protocols it takes when the configured one is unknown, and stays off', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'udp' };
    await expect(startTracing('stores-service', env)).rejects.toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL must be one of http/protobuf, grpc, http/json (got "udp").',
    );
    expect(activeTracer()).toBeUndefined();
  });
});
