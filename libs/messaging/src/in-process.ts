import { ApiError } from '@commerce/errors';
import { activeTracer } from '@commerce/tracing';
import { Logger } from '@nestjs/common';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { AsyncLocalStorage } from 'node:async_hooks';
import { firstValueFrom, isObservable } from 'rxjs';
import { context } from '@opentelemetry/api';
import { trackedHandler } from './in-flight.js';
import { processSpan } from './tracing.js';

/** Marks servers of the all-in-one mode (`transportId`). */
export const IN_PROCESS_TRANSPORT = Symbol('in-process');

interface Route {
  server: InProcessServer;
  handler: MessageHandler;
}

/**
 * The all-in-one mode's message bus: every app's Nest module runs in one process and a request goes straight
 * to the handler of its subject, through the same handlers, pipes and exception filters as over NATS, without
 * sockets, serialization or an Observable chain: a request is a promise of its answer. Payloads and replies
 * are handed over, not copied: neither side keeps or mutates what it sent.
 */
class InProcessBus {
  private readonly servers = new Set<InProcessServer>();
  /** Which app answers a subject, found once per subject while the set of apps stays the same. */
  private readonly routes = new Map<string, Route | null>();

  attach(server: InProcessServer): void {
    this.servers.add(server);
    this.routes.clear();
  }

  detach(server: InProcessServer): void {
    this.servers.delete(server);
    this.routes.clear();
  }

  /** The answer of the app that handles `subject`; rejects with the service's error as its filter made it. */
  call<T>(subject: string, payload: unknown): Promise<T> {
    const route = this.route(subject);
    if (!route) return Promise.reject(new NoHandlerError(subject));
    return route.server.call<T>(subject, route.handler, payload);
  }

  /** Delivers an event to every app that listens to it, as a NATS publish reaches every queue group. */
  async publish(subject: string, payload: unknown): Promise<void> {
    const deliveries = [...this.servers]
      .filter((server) => server.handlerFor(subject)?.isEventHandler)
      .map((server) => server.deliver(subject, payload));
    await Promise.all(deliveries);
  }

  private route(subject: string): Route | null {
    let route = this.routes.get(subject);
    if (route === undefined) {
      route = null;
      for (const server of this.servers) {
        const handler = server.handlerFor(subject);
        if (handler && !handler.isEventHandler) {
          route = { server, handler };
          break;
        }
      }
      this.routes.set(subject, route);
    }
    return route;
  }
}

/** No app in this process answers the subject: the owner is not running (502, like an unreachable service). */
export class NoHandlerError extends Error {
  constructor(readonly subject: string) {
    super(`No handler for ${subject} in this process`);
  }
}

export const inProcessBus = new InProcessBus();

/**
 * The microservice listener of one app in the all-in-one mode. What a NATS listener gives every message, it
 * gives too: the message runs in the app's own async context (captured when it starts listening, so log lines
 * name the app, and nothing of the caller's context leaks in), and its handler is the same `trackedHandler`
 * (counted while in flight; a request that arrives past its deadline is refused with nothing done).
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly log = new Logger(InProcessServer.name);
  private inOwnContext: <R>(fn: () => R) => R = (fn) => fn();

  constructor(private readonly service: string) {
    super();
    this.transportId = IN_PROCESS_TRANSPORT;
  }

  listen(callback: () => void): void {
    this.inOwnContext = AsyncLocalStorage.snapshot();
    inProcessBus.attach(this);
    callback();
  }

  close(): void {
    inProcessBus.detach(this);
  }

  on(): void {
    // no transport events: nothing connects or disconnects
  }

  unwrap<T>(): T {
    throw new Error('The in-process transport has no underlying client.');
  }

  handlerFor(subject: string): MessageHandler | null {
    return this.messageHandlers.get(subject) ?? null;
  }

  /** Every handler counted in flight and refusing requests past their deadline, as over NATS (`trackedHandler`). */
  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler?: boolean,
    extras?: Record<string, unknown>,
  ): void {
    super.addHandler(pattern, trackedHandler(this.service, callback), isEventHandler, extras);
  }

  /**
   * Runs the handler of a request. Nest's handler resolves to the answer, or, when the exception filter (or
   * `trackedHandler`, for a request past its deadline) made a failure the wire error, to an Observable that
   * fails with it: that error is raised again as the ApiError it carries.
   */
  call<T>(subject: string, handler: MessageHandler, payload: unknown): Promise<T> {
    const rpcContext = new BaseRpcContext([subject]);
    const tracer = activeTracer();
    if (!tracer) return this.answer(() => this.inOwnContext(() => handler(payload, rpcContext)));
    // The app's own context, with the caller's span as the parent of the handler's.
    const parent = context.active();
    return this.inOwnContext(() =>
      processSpan(tracer, 'in-process', subject, false, parent, () =>
        this.answer(() => handler(payload, rpcContext)),
      ),
    );
  }

  private async answer<T>(handle: () => unknown): Promise<T> {
    const result: unknown = await handle();
    if (!isObservable(result)) return result as T;
    try {
      return (await firstValueFrom(result)) as T;
    } catch (error) {
      throw ApiError.isWire(error) ? ApiError.fromWire(error) : error;
    }
  }

  deliver(subject: string, payload: unknown): Promise<void> {
    const handle = () =>
      this.handleEvent(subject, { pattern: subject, data: payload }, new BaseRpcContext([subject]));
    const tracer = activeTracer();
    if (!tracer) return this.delivered(subject, () => this.inOwnContext(handle));
    const parent = context.active();
    return this.inOwnContext(() =>
      processSpan(tracer, 'in-process', subject, true, parent, () => this.delivered(subject, handle)),
    );
  }

  private async delivered(subject: string, handle: () => Promise<unknown>): Promise<void> {
    try {
      await handle();
    } catch (error) {
      this.log.warn(`event ${subject} failed: ${String(error)}`);
    }
  }
}
