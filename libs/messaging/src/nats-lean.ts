import {
  ClientNats,
  NatsContext,
  ServerNats,
  type MessageHandler,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants.js';
import { isObservable, lastValueFrom } from 'rxjs';
import { AnswerTimeout } from './answer-timeout.js';
import { ApiError } from '@commerce/errors';
import { jsonTextOf, parseJsonText } from '@commerce/contracts';
import { activeTracer } from '@commerce/tracing';
import type { Span } from '@opentelemetry/api';
import { coalesceWrites } from './coalesced-writes.js';
import { inFlightWork, trackedHandler } from './in-flight.js';
import { processSpan, recordFailure, traceContextOf, withTraceContext } from './tracing.js';
import {
  createInbox,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';

/**
 * Subjects here are plain strings, never JSON patterns: Nest's default tries `JSON.parse` on every message
 * and catches the failure (about a tenth of a service's CPU). A JSON-looking pattern still goes that way.
 */
function routeOf(pattern: string, fallback: (pattern: string) => string): string {
  return pattern.startsWith('{') ? fallback(pattern) : pattern;
}

/**
 * The first byte of a reply that is a document's JSON text (`jsonTextOf`), sent as it was written or read: the
 * answer to the request the reply subject names, with no packet around it. Nest's packets start with `{`.
 */
const DOCUMENT_REPLY = 0x01;
const DOCUMENT_REPLY_PREFIX = String.fromCharCode(DOCUMENT_REPLY);
const utf8 = new TextDecoder();

/**
 * The last token of a muxed client's inbox (before each request's id): its caller reads DOCUMENT_REPLY answers.
 * A caller without it (a gateway or service of the previous release, during a rollout) gets Nest's packet.
 */
const DOCUMENT_INBOX = 'doc';

/** Whether the reply subject `<inbox>.<id>` names an inbox whose caller reads DOCUMENT_REPLY answers. */
function readsDocuments(reply: string): boolean {
  const id = reply.lastIndexOf('.');
  return id > DOCUMENT_INBOX.length && reply.startsWith(`.${DOCUMENT_INBOX}`, id - DOCUMENT_INBOX.length - 1);
}

/** A service answered a failure that is not an API error (a handler that rejected): `reason` is what came. */
export class RemoteFailure extends Error {
  constructor(readonly reason: unknown) {
    super('the service failed without an API error');
  }
}

/** What a failed answer is raised as: the service's ApiError, the transport's own error, or RemoteFailure. */
function answeredFailure(err: unknown): Error {
  if (err instanceof Error) return err;
  return ApiError.isWire(err) ? ApiError.fromWire(err) : new RemoteFailure(err);
}

/** The broker answered that no subscriber takes the subject (NATS "no responders"): nothing was delivered. */
export class NoRespondersError extends Error {
  constructor() {
    super('no responders');
  }
}

/**
 * What Nest's `ServerNats` keeps private and this listener needs: its options (the connection name), its
 * subscriptions (drained first on close) and its connection (readiness, drain). Read here and nowhere else;
 * `nats-lean.spec.ts` fails when an upgrade of @nestjs/microservices renames, retypes or removes them.
 */
export interface NestNatsServerInternals {
  options: { name?: string };
  subscriptions: Subscription[];
  natsClient: NatsConnection | null;
}

export function nestServerInternals(server: ServerNats): NestNatsServerInternals {
  return server as unknown as NestNatsServerInternals;
}

/** The NATS listeners of this process, for readiness (`/ready` proves this process's own connections). */
export const natsListeners = new Set<LeanNatsServer>();

/**
 * The NATS listener of a service, without the per-message JSON.parse of the pattern. Closing drains: it
 * leaves its subscriptions (the queue group) first, so new requests go to other replicas, waits for the
 * messages in flight to be answered (at most `drainTimeoutMs`), then drains the connection, which flushes
 * the last replies.
 */
export class LeanNatsServer extends ServerNats {
  drainTimeoutMs = 10_000;

  /** The connection name (the app's). */
  get name(): string {
    return nestServerInternals(this).options.name ?? 'nats';
  }

  /** Every handler counted in flight and refusing requests past their deadline (`trackedHandler`). */
  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler?: boolean,
    extras?: Record<string, unknown>,
  ): void {
    super.addHandler(pattern, trackedHandler(this.name, callback), isEventHandler, extras);
  }

  /**
   * A request is a promise of its one reply, as in the all-in-one mode (`InProcessServer.call`): the handler's
   * answer, or the failure its exception filter made, goes back as one packet `{ id, response | err,
   * isDisposed: true }` (a document whose JSON text is remembered as that text behind DOCUMENT_REPLY instead,
   * to a caller that reads it),
   * the packet Nest's own `handleRequest` sends for a one-value answer, without the
   * Observable chain, the `process.nextTick` queue and the processing hooks (which nothing here sets) that
   * Nest puts around it. A handler that rejects (Nest's own path would only log it, and the caller would
   * wait out its deadline) answers with its error. Events keep Nest's path.
   */
  override handleMessage(channel: string, natsMsg: Msg): Promise<void> {
    const tracer = activeTracer();
    if (!tracer) return this.handleTraced(channel, natsMsg);
    // The span of the caller's context (`traceparent` in the headers), with the subject it was sent to.
    const parent = traceContextOf(natsMsg.headers);
    return processSpan(tracer, 'nats', natsMsg.subject, !natsMsg.reply, parent, (span) =>
      this.handleTraced(channel, natsMsg, span),
    );
  }

  /** Handles one message; a request's failed answer marks `span` (while tracing is on). */
  private async handleTraced(channel: string, natsMsg: Msg, span?: Span): Promise<void> {
    if (!natsMsg.reply) {
      await super.handleMessage(channel, natsMsg);
      return;
    }
    const context = new NatsContext([natsMsg.subject, natsMsg.headers as never]);
    const message = (await this.deserializer.deserialize(natsMsg, { channel, replyTo: natsMsg.reply })) as {
      id?: string;
      data: unknown;
    };
    const { id } = message;
    if (id === undefined) {
      await this.handleEvent(channel, message as never, context);
      return;
    }
    const respond = (packet: Record<string, unknown>) => {
      const outgoing = this.serializer.serialize({ ...packet, id }) as {
        data: string;
        headers?: MsgHdrs;
      };
      natsMsg.respond(outgoing.data, { headers: outgoing.headers });
    };
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return respond({ status: 'error', err: NO_MESSAGE_HANDLER });
    try {
      const result: unknown = await handler(message.data, context);
      const response = isObservable(result)
        ? await lastValueFrom(result, { defaultValue: undefined })
        : result;
      const text = readsDocuments(natsMsg.reply) ? jsonTextOf(response) : undefined;
      if (text === undefined) respond({ response, isDisposed: true });
      else natsMsg.respond(DOCUMENT_REPLY_PREFIX + text);
    } catch (err) {
      if (span) recordFailure(span, err);
      respond({ err, isDisposed: true });
    }
  }

  protected override getRouteFromPattern(pattern: string): string {
    return routeOf(pattern, (p) => super.getRouteFromPattern(p));
  }

  override async createNatsClient(): Promise<NatsConnection> {
    const connection = (await super.createNatsClient()) as NatsConnection;
    coalesceWrites(connection);
    return connection;
  }

  override listen(callback: (error?: unknown, ...optionalParams: unknown[]) => void): Promise<void> {
    natsListeners.add(this);
    return super.listen(callback);
  }

  /** Proves this listener's connection works: a PING answered by the NATS server itself. */
  async checkConnection(): Promise<void> {
    const connection = this.connection();
    if (!connection || connection.isClosed() || connection.isDraining()) {
      throw new Error('NATS connection closed');
    }
    await connection.flush();
  }

  override async close(): Promise<void> {
    natsListeners.delete(this);
    const connection = this.connection();
    if (connection && !connection.isClosed() && !connection.isDraining()) {
      const { subscriptions } = nestServerInternals(this);
      await Promise.allSettled(subscriptions.map((subscription) => subscription.drain()));
      await inFlightWork.idle(this.drainTimeoutMs);
      await connection.drain().catch(() => undefined);
    }
    await super.close();
  }

  private connection(): NatsConnection | null {
    return nestServerInternals(this).natsClient;
  }
}

/**
 * A NATS client with one muxed reply subscription (`<inbox>.*`) for all its requests, as nats.js's own
 * `request()` does, instead of Nest's subscribe and unsubscribe around every request.
 */
export class MuxedNatsClient extends ClientNats {
  private mux?: { prefix: string; subscription: Subscription };

  /**
   * The answer to one request, as a promise, without Nest's Observable around it (`send`): rejects with the
   * service's error as it came over the wire, or with AnswerTimeout once `timeoutMs` have passed since the
   * call, a connection still being made included (the late reply is then ignored).
   */
  request<T>(pattern: string, data: unknown, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let forget: (() => void) | undefined;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        forget?.();
        reject(new AnswerTimeout());
      }, timeoutMs);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        forget?.();
        outcome();
      };
      let first: unknown;
      this.connect().then(
        () => {
          if (timedOut) return;
          forget = this.publish({ pattern, data }, ({ err, response, isDisposed }) => {
            if (err !== undefined && err !== null) return settle(() => reject(answeredFailure(err)));
            first ??= response;
            // A stream's values before its end (Nest's server may send them apart): the first one answers.
            if (isDisposed) settle(() => resolve(first as T));
          });
        },
        (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }

  /**
   * The headers of every request and event it sends: Nest's (the serializer's and the client's own), plus, while
   * tracing is on, the trace context of the caller's active span (`traceparent`, `tracestate`).
   */
  protected override mergeHeaders<THeaders = unknown>(requestHeaders?: THeaders): THeaders | undefined {
    const headers = super.mergeHeaders(requestHeaders) as MsgHdrs | undefined;
    return (activeTracer() ? withTraceContext(headers) : headers) as THeaders | undefined;
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    const forget = () => this.routingMap.delete(packet.id);
    try {
      const { prefix } = this.muxOf(this.natsClient as NatsConnection);
      this.routingMap.set(packet.id, callback);
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: unknown };
      const subject = this.normalizePattern(partialPacket.pattern as string);
      const headers = this.mergeHeaders(serialized.headers) as MsgHdrs | undefined;
      (this.natsClient as NatsConnection).publish(subject, serialized.data, {
        reply: `${prefix}.${packet.id}`,
        headers,
      });
      return forget;
    } catch (err) {
      forget();
      callback({ err });
      return () => undefined;
    }
  }

  override async createClient(): Promise<NatsConnection> {
    const connection = (await super.createClient()) as NatsConnection;
    coalesceWrites(connection);
    return connection;
  }

  override async close(): Promise<void> {
    this.mux?.subscription.unsubscribe();
    this.mux = undefined;
    await super.close();
  }

  private muxOf(connection: NatsConnection): { prefix: string; subscription: Subscription } {
    if (this.mux) return this.mux;
    const prefix = `${createInbox(this.options.inboxPrefix)}.${DOCUMENT_INBOX}`;
    const subscription = connection.subscribe(`${prefix}.*`, {
      callback: (error, message) => void this.answer(error, message),
    });
    this.mux = { prefix, subscription };
    return this.mux;
  }

  private async answer(error: Error | null, message: Msg): Promise<void> {
    if (error) return;
    const id = message.subject.slice(message.subject.lastIndexOf('.') + 1);
    const callback = this.routingMap.get(id) as ((packet: WritePacket) => void) | undefined;
    if (!callback) return;
    if (message.data.length === 0) {
      const noResponders = message.headers?.code === 503;
      callback({
        err: noResponders ? new NoRespondersError() : new Error('empty response'),
        isDisposed: true,
      });
      return;
    }
    if (message.data[0] === DOCUMENT_REPLY) {
      let response: object;
      try {
        response = parseJsonText(utf8.decode(message.data.subarray(1)));
      } catch (err) {
        callback({ err, isDisposed: true });
        return;
      }
      callback({ response, isDisposed: true });
      return;
    }
    const packet = (await this.deserializer.deserialize(message)) as WritePacket<unknown> & { id?: string };
    const { err, response } = packet as { err?: unknown; response?: unknown };
    if (err || packet.isDisposed) {
      callback({ err, response, isDisposed: true });
      return;
    }
    callback({ err, response });
  }
}
