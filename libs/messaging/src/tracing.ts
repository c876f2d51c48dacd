import { ApiError } from '@commerce/errors';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';

/**
 * Spans of messages (docs/OBSERVABILITY.md, "Traces"): the caller's `send <subject>` (CLIENT; PRODUCER for an
 * event) and the listener's `process <subject>` (SERVER; CONSUMER for an event), child of the caller's span.
 * Over NATS the trace context travels in the message's headers as W3C `traceparent` and `tracestate`; in the
 * all-in-one mode the handler is called with the caller's context. Only called while tracing is on
 * (`activeTracer()` of `@commerce/tracing`).
 */

export type Transport = 'nats' | 'in-process';

const setter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const getter: TextMapGetter<MsgHdrs> = {
  // A missing header reads as '' in nats.js.
  get: (carrier, key) => carrier.get(key) || undefined,
  keys: (carrier) => carrier.keys(),
};

/** `headers` (or new ones) with the trace context of `ctx` (`traceparent`, `tracestate`). */
export function withTraceContext(headers: MsgHdrs | undefined, ctx: Context = context.active()): MsgHdrs {
  const carrier = headers ?? natsHeaders();
  propagation.inject(ctx, carrier, setter);
  return carrier;
}

/** The trace context a message's headers carry; the root context when they carry none. */
export function traceContextOf(headers: MsgHdrs | undefined): Context {
  return headers ? propagation.extract(ROOT_CONTEXT, headers, getter) : ROOT_CONTEXT;
}

/**
 * Marks a span whose message failed: `error.type` is the API error's code (or the error's name); the status
 * is an error only for a server-side failure (5xx or no API error), not for an answer such as 404 or 409.
 */
export function recordFailure(span: Span, error: unknown): void {
  const apiError =
    error instanceof ApiError ? error : ApiError.isWire(error) ? ApiError.fromWire(error) : undefined;
  span.setAttribute('error.type', apiError?.code ?? (error instanceof Error ? error.name : 'unknown'));
  if (!apiError || apiError.status >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: apiError?.message ?? String(error) });
  }
}

/** Runs `work` in a span that ends when it settles, recording its failure. */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  kind: SpanKind,
  attributes: Record<string, string>,
  parent: Context,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, parent, (span) =>
    work(span).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        recordFailure(span, error);
        span.end();
        throw error;
      },
    ),
  );
}

/** The caller's span of a request or an event. */
export function sendSpan<T>(
  tracer: Tracer,
  transport: Transport,
  subject: string,
  event: boolean,
  send: () => Promise<T>,
): Promise<T> {
  return inSpan(
    tracer,
    `send ${subject}`,
    event ? SpanKind.PRODUCER : SpanKind.CLIENT,
    {
      'messaging.system': transport,
      'messaging.destination.name': subject,
      'messaging.operation.type': 'send',
    },
    context.active(),
    send,
  );
}

/** The listener's span of a request or an event, child of `parent` (the caller's context). */
export function processSpan<T>(
  tracer: Tracer,
  transport: Transport,
  subject: string,
  event: boolean,
  parent: Context,
  handle: (span: Span) => Promise<T>,
): Promise<T> {
  return inSpan(
    tracer,
    `process ${subject}`,
    event ? SpanKind.CONSUMER : SpanKind.SERVER,
    {
      'messaging.system': transport,
      'messaging.destination.name': subject,
      'messaging.operation.type': 'process',
    },
    parent,
    handle,
  );
}
