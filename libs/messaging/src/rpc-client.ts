import { ownerOfSubject, type ServiceName } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import { clientOptions, messagingMode, type MessagingConfig } from './transport.js';

/**
 * Sends requests to the service that owns a subject, with a timeout on every call. A service's error
 * comes back as data and is re-raised unchanged; a timeout or an unreachable service gets its own code.
 */
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private readonly proxies = new Map<string, ClientProxy>();

  constructor(
    private readonly caller: string,
    private readonly config: MessagingConfig,
  ) {}

  async send<T>(subject: string, payload: object): Promise<T> {
    const target = ownerOfSubject(subject);
    try {
      return await firstValueFrom(
        this.proxy(target).send<T>(subject, payload).pipe(timeout(this.config.rpcTimeoutMs)),
      );
    } catch (error) {
      throw this.translate(error, target, subject);
    }
  }

  /** Fire-and-forget delivery used by the event bus. */
  async emit(target: ServiceName, subject: string, payload: object): Promise<void> {
    await firstValueFrom(this.proxy(target).emit(subject, payload).pipe(timeout(this.config.rpcTimeoutMs)));
  }

  proxy(target: ServiceName): ClientProxy {
    const key = messagingMode(this.config) === 'nats' ? 'nats' : target;
    let proxy = this.proxies.get(key);
    if (!proxy) {
      proxy = ClientProxyFactory.create(clientOptions(target, this.caller, this.config));
      this.proxies.set(key, proxy);
    }
    return proxy;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.proxies.values()].map(async (proxy) => void (await proxy.close())));
    this.proxies.clear();
  }

  private translate(error: unknown, target: ServiceName, subject: string): ApiError {
    if (error instanceof ApiError) return error;
    if (ApiError.isWire(error)) return ApiError.fromWire(error);
    if (error instanceof TimeoutError) {
      this.logger.warn(`${subject} timed out after ${this.config.rpcTimeoutMs} ms`);
      return Errors.gatewayTimeout(target);
    }
    this.logger.warn(`${subject} failed: ${describe(error)}`);
    return Errors.badGateway(target);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
