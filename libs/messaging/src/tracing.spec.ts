import 'reflect-metadata';
import { startTracing } from '@commerce/tracing';
import { jest } from '@jest/globals';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientNats, Ctx, MessagePattern, NatsContext, ServerNats } from '@nestjs/microservices';
import { ROOT_CONTEXT, TraceFlags, createTraceState, trace, type Span } from '@opentelemetry/api';
import { MemoryBroker } from '../test/memory-broker.js';
import { RpcClient } from './rpc-client.js';
import { traceContextOf, withTraceContext } from './tracing.js';
import { serverOptions, type MessagingConfig } from './transport.js';

type SdkSpan = Span & { name: string; parentSpanContext?: { spanId: string } };

/** What the handler saw: the `traceparent` header of the message and the span it ran in. */
interface Seen {
  traceparent: string | null;
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
}

@Controller()
class TracedHandlers {
  @MessagePattern('stores.traced')
  traced(@Ctx() context: NatsContext): Seen {
    // The SDK's span (a ReadableSpan) shows its name and its parent.
    const span = trace.getActiveSpan() as unknown as SdkSpan | undefined;
    return {
      traceparent: context.getHeaders()?.get('traceparent') || null,
      traceId: span?.spanContext().traceId,
      spanId: span?.spanContext().spanId,
      parentSpanId: span?.parentSpanContext?.spanId,
      name: span?.name,
    };
  }
}

describe('trace context in NATS headers', () => {
  const config: MessagingConfig = { rpcTimeoutMs: 2_000, natsUrl: 'nats://memory-broker:4222' };
  let service: INestMicroservice;
  let client: { send(subject: string, payload: object): Promise<Seen> };
  const saved = { ...process.env };

  beforeAll(async () => {
    const broker = new MemoryBroker();
    jest.spyOn(ServerNats.prototype, 'createNatsClient').mockImplementation(async () => broker.connect());
    jest.spyOn(ClientNats.prototype, 'createClient').mockImplementation(async () => broker.connect());
    service = await NestFactory.createMicroservice(
      { module: class TracedTestModule {}, controllers: [TracedHandlers] },
      { ...serverOptions('stores-service', config), logger: false },
    );
    await service.listen();
    client = new RpcClient('test', config) as never;
  });

  afterAll(async () => {
    await (client as unknown as RpcClient).onApplicationShutdown();
    await service.close();
    jest.restoreAllMocks();
    process.env = saved;
  });

  it('adds no header and makes no span while tracing is off', async () => {
    await expect(client.send('stores.traced', {})).resolves.toEqual({ traceparent: null });
  });

  it("carries the caller's span as traceparent; the handler's span is its child in the same trace", async () => {
    // Nothing listens there, and nothing is exported during the test (the batch waits a minute).
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = 'http://127.0.0.1:9';
    process.env.OTEL_BSP_SCHEDULE_DELAY = '60000';
    await expect(startTracing('messaging-test')).resolves.toBe(true);
    const tracer = trace.getTracer('test');
    const { caller, seen } = await tracer.startActiveSpan('caller', async (span) => {
      const answer = await client.send('stores.traced', {});
      span.end();
      return { caller: span.spanContext(), seen: answer };
    });
    const [version, traceId, sendSpanId, flags] = seen.traceparent!.split('-');
    expect({ version, traceId, flags }).toEqual({ version: '00', traceId: caller.traceId, flags: '01' });
    // The header names the caller's `send` span (a child of `caller`), and the handler's span is its child.
    expect(sendSpanId).not.toBe(caller.spanId);
    expect(seen).toMatchObject({
      traceId: caller.traceId,
      parentSpanId: sendSpanId,
      name: 'process stores.traced',
    });
  });

  it('writes traceparent and tracestate into NATS headers and reads them back', () => {
    const sent = {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
      traceState: createTraceState('vendor=value'),
    };
    const headers = withTraceContext(natsHeaders(), trace.setSpanContext(ROOT_CONTEXT, sent));
    expect(headers.get('traceparent')).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(headers.get('tracestate')).toBe('vendor=value');
    const received = trace.getSpanContext(traceContextOf(headers));
    expect(received).toMatchObject({
      traceId: sent.traceId,
      spanId: sent.spanId,
      traceFlags: 1,
      isRemote: true,
    });
    expect(received?.traceState?.serialize()).toBe('vendor=value');
    expect(trace.getSpanContext(traceContextOf(undefined))).toBeUndefined();
  });
});
