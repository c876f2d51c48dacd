import {
  deadlineOf,
  ownerOfSubject,
  type EventMap,
  type EventSubject,
  type RequestOf,
  type ResponseOf,
  type ServiceName,
  type Subject,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { activeTracer } from '@commerce/tracing';
import type { NatsConnection } from '@nats-io/transport-node';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import { AnswerTimeout, withinMs } from './answer-timeout.js';
import { NoHandlerError, inProcessBus } from './in-process.js';
import { NoRespondersError, type MuxedNatsClient } from './nats-lean.js';
import { sendSpan } from './tracing.js';
import { messagingMode, natsClient, type MessagingConfig } from './transport.js';

/**
 * How long past a request's deadline the caller still listens: the service drops work it finds past the
 * deadline before it writes, and its "nothing was changed" answer has this long to arrive. Only a service
 * that says nothing at all leaves the outcome unknown.
 */
export const DEADLINE_GRACE_MS = 500;

/**
 * Sends requests to the service that owns a subject, with a timeout on every call: the request's own
 * deadline (`ctx.deadline`) when it carries one, else `rpcTimeoutMs`. A service's error comes back as data
 * and is re-raised unchanged; a timeout or an unreachable service gets its own code, whose `outcome` says
 * whether a write may have happened. Over NATS in the distributed mode; straight to the handler in the
 * all-in-one mode. The subject's contract (`ContractMap` of `@commerce/contracts`) types the payload and the
 * answer.
 */
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private nats?: MuxedNatsClient;

  constructor(
    private readonly caller: string,
    private readonly config: MessagingConfig,
  ) {}

  send<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ResponseOf<S>> {
    const tracer = activeTracer();
    if (!tracer) return this.request(subject, payload);
    const transport = messagingMode(this.config) === 'in-process' ? 'in-process' : 'nats';
    return sendSpan(tracer, transport, subject, false, () => this.request(subject, payload));
  }

  private async request<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ResponseOf<S>> {
    const target = ownerOfSubject(subject);
    const deadline = deadlineOf(payload);
    // Past the deadline nothing is sent: the caller has stopped waiting, and nothing happened.
    if (deadline !== undefined && deadline <= Date.now()) throw Errors.deadlineExceeded(target);
    const waitMs = this.waitFor(deadline);
    try {
      if (messagingMode(this.config) === 'in-process') {
        return await withinMs(inProcessBus.call<ResponseOf<S>>(subject, payload), waitMs);
      }
      return await this.natsProxy().request<ResponseOf<S>>(subject, payload, waitMs);
    } catch (error) {
      throw this.translate(error, target, subject, waitMs);
    }
  }

  /**
   * Proves this process's own connection to the broker works (a PING answered by the NATS server, not by
   * another replica). Nothing to prove in the all-in-one mode.
   */
  async checkConnection(): Promise<void> {
    if (messagingMode(this.config) === 'in-process') return;
    const connection = (await this.natsProxy().connect()) as NatsConnection;
    if (connection.isClosed() || connection.isDraining()) throw new Error('NATS connection closed');
    await connection.flush();
  }

  private waitFor(deadline: number | undefined): number {
    if (deadline === undefined) return this.config.rpcTimeoutMs;
    return Math.min(this.config.rpcTimeoutMs, deadline - Date.now()) + DEADLINE_GRACE_MS;
  }

  /** Publishes an event to every service that listens to it. */
  emit<E extends EventSubject>(subject: E, payload: EventMap[E]): Promise<void> {
    const tracer = activeTracer();
    if (!tracer) return this.publish(subject, payload);
    const transport = messagingMode(this.config) === 'in-process' ? 'in-process' : 'nats';
    return sendSpan(tracer, transport, subject, true, () => this.publish(subject, payload));
  }

  private async publish<E extends EventSubject>(subject: E, payload: EventMap[E]): Promise<void> {
    if (messagingMode(this.config) === 'in-process') return inProcessBus.publish(subject, payload);
    await firstValueFrom(this.natsProxy().emit(subject, payload).pipe(timeout(this.config.rpcTimeoutMs)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close();
    this.nats = undefined;
  }

  private natsProxy(): MuxedNatsClient {
    this.nats ??= natsClient(this.caller, this.config);
    return this.nats;
  }

  private translate(error: unknown, target: ServiceName, subject: string, waitMs: number): ApiError {
    if (error instanceof ApiError) return error;
    if (ApiError.isWire(error)) return ApiError.fromWire(error);
    if (error instanceof AnswerTimeout || error instanceof TimeoutError) {
      this.logger.warn(`${subject} timed out after ${waitMs} ms`);
      return Errors.gatewayTimeout(target);
    }
    // Nobody subscribes to the subject: the request reached no service.
    if (error instanceof NoHandlerError || error instanceof NoRespondersError)
      return Errors.badGateway(target);
    this.logger.warn(`${subject} failed: ${describe(error)}`);
    return Errors.brokenGateway(target);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
