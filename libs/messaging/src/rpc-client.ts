import {
  ownerOfSubject,
  type EventMap,
  type EventSubject,
  type RequestOf,
  type ResponseOf,
  type ServiceName,
  type Subject,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { TimeoutError, firstValueFrom, timeout, type Observable } from 'rxjs';
import { NoHandlerError, inProcessBus } from './in-process.js';
import type { MuxedNatsClient } from './nats-lean.js';
import { messagingMode, natsClient, type MessagingConfig } from './transport.js';

/**
 * Sends requests to the service that owns a subject, with a timeout on every call. A service's error
 * comes back as data and is re-raised unchanged; a timeout or an unreachable service gets its own code.
 * Over NATS in the distributed mode; straight to the handler in the all-in-one mode. The subject's contract
 * (`ContractMap` of `@commerce/contracts`) types the payload and the answer.
 */
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private nats?: MuxedNatsClient;

  constructor(
    private readonly caller: string,
    private readonly config: MessagingConfig,
  ) {}

  async send<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ResponseOf<S>> {
    const target = ownerOfSubject(subject);
    try {
      return await firstValueFrom(
        this.request<ResponseOf<S>>(subject, payload).pipe(timeout(this.config.rpcTimeoutMs)),
      );
    } catch (error) {
      throw this.translate(error, target, subject);
    }
  }

  /** Publishes an event to every service that listens to it. */
  async emit<E extends EventSubject>(subject: E, payload: EventMap[E]): Promise<void> {
    if (messagingMode(this.config) === 'in-process') return inProcessBus.publish(subject, payload);
    await firstValueFrom(this.natsProxy().emit(subject, payload).pipe(timeout(this.config.rpcTimeoutMs)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close();
    this.nats = undefined;
  }

  private request<T>(subject: string, payload: object): Observable<T> {
    if (messagingMode(this.config) === 'in-process') return inProcessBus.request<T>(subject, payload);
    return this.natsProxy().send(subject, payload);
  }

  private natsProxy(): MuxedNatsClient {
    this.nats ??= natsClient(this.caller, this.config);
    return this.nats;
  }

  private translate(error: unknown, target: ServiceName, subject: string): ApiError {
    if (error instanceof ApiError) return error;
    if (ApiError.isWire(error)) return ApiError.fromWire(error);
    if (error instanceof TimeoutError) {
      this.logger.warn(`${subject} timed out after ${this.config.rpcTimeoutMs} ms`);
      return Errors.gatewayTimeout(target);
    }
    if (!(error instanceof NoHandlerError)) this.logger.warn(`${subject} failed: ${describe(error)}`);
    return Errors.badGateway(target);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
