import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span while tracing is on (tracing-hooks.ts). */
    traceSpan?: Span;
  }
}

/**
 * The HTTP server span of every request, installed only while tracing is on (docs/OBSERVABILITY.md, "Traces"):
 * it continues the caller's trace when the request carries a W3C `traceparent`, is the active span for
 * everything the request does (hooks, guard, handler, the messages it sends), and is named after the route
 * template (`GET /:projectKey/stores/key=:key`) once the response is sent. A 5xx marks it failed.
 */
export function installTracingHooks(fastify: FastifyInstance, tracer: Tracer): void {
  fastify.decorateRequest('traceSpan', undefined);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0],
          'url.scheme': request.protocol,
        },
      },
      parent,
    );
    request.traceSpan = span;
    const active = trace.setSpan(parent, span);
    // The body arrives in events of the socket's context: its listeners run in the request's context too.
    context.bind(active, request.raw);
    context.with(active, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = request.traceSpan;
    if (span) {
      const route = request.routeOptions.url;
      if (route) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (request.correlationId) span.setAttribute('commerce.correlation_id', request.correlationId);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    request.traceSpan?.setAttribute('error.type', 'aborted');
    request.traceSpan?.end();
    done();
  });
}
