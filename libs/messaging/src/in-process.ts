import { Logger } from '@nestjs/common';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { defer, mergeAll, throwError, type Observable } from 'rxjs';

/** Marks servers of the all-in-one mode (`transportId`). */
export const IN_PROCESS_TRANSPORT = Symbol('in-process');

/**
 * The all-in-one mode's message bus: every app's Nest module runs in one process and a request goes straight
 * to the handler of its subject, through the same handlers, pipes and exception filters as over NATS, without
 * sockets or serialization. Payloads and replies are handed over, not copied: neither side keeps or mutates
 * what it sent.
 */
class InProcessBus {
  private readonly servers = new Set<InProcessServer>();

  attach(server: InProcessServer): void {
    this.servers.add(server);
  }

  detach(server: InProcessServer): void {
    this.servers.delete(server);
  }

  request<T>(subject: string, payload: unknown): Observable<T> {
    for (const server of this.servers) {
      const handler = server.handlerFor(subject);
      if (handler && !handler.isEventHandler) return server.dispatch<T>(subject, handler, payload);
    }
    return throwError(() => new NoHandlerError(subject));
  }

  /** Delivers an event to every app that listens to it, as a NATS publish reaches every queue group. */
  async publish(subject: string, payload: unknown): Promise<void> {
    const deliveries = [...this.servers]
      .filter((server) => server.handlerFor(subject)?.isEventHandler)
      .map((server) => server.deliver(subject, payload));
    await Promise.all(deliveries);
  }
}

/** No app in this process answers the subject: the owner is not running (502, like an unreachable service). */
export class NoHandlerError extends Error {
  constructor(readonly subject: string) {
    super(`No handler for ${subject} in this process`);
  }
}

export const inProcessBus = new InProcessBus();

/** The microservice listener of one app in the all-in-one mode. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly log = new Logger(InProcessServer.name);

  constructor() {
    super();
    this.transportId = IN_PROCESS_TRANSPORT;
  }

  listen(callback: () => void): void {
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

  dispatch<T>(subject: string, handler: MessageHandler, payload: unknown): Observable<T> {
    const context = new BaseRpcContext([subject]);
    return defer(async () => this.transformToObservable(await handler(payload, context))).pipe(
      mergeAll(),
    ) as Observable<T>;
  }

  async deliver(subject: string, payload: unknown): Promise<void> {
    try {
      await this.handleEvent(subject, { pattern: subject, data: payload }, new BaseRpcContext([subject]));
    } catch (error) {
      this.log.warn(`event ${subject} failed: ${String(error)}`);
    }
  }
}
