import type { ServiceName } from '@commerce/contracts';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { InProcessServer } from './in-process.js';
import { LeanNatsServer, MuxedNatsClient } from './nats-lean.js';

export interface MessagingConfig {
  /** Set: the distributed mode over NATS. Unset: the all-in-one mode, every app in this process. */
  natsUrl?: string;
  rpcTimeoutMs: number;
}

export type MessagingMode = 'nats' | 'in-process';

export function messagingMode(config: MessagingConfig): MessagingMode {
  return config.natsUrl ? 'nats' : 'in-process';
}

/**
 * The connection options of a NATS URL. Credentials in it (`tls://<user>:<password>@host:4222`, the
 * deployment's per-app NATS users) become `user` and `pass`, which the NATS client does not read from a URL.
 */
export function natsServerOptions(url: string): { servers: string[]; user?: string; pass?: string } {
  const parsed = new URL(url);
  if (!parsed.username) return { servers: [url] };
  const credentials = {
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
  };
  parsed.username = '';
  parsed.password = '';
  return { servers: [parsed.toString()], ...credentials };
}

const natsConnection = (config: MessagingConfig, name: string) => ({
  ...natsServerOptions(config.natsUrl!),
  name,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
});

/**
 * How a service listens. In NATS mode each service joins a queue group named after it, so one replica
 * answers each request; the gateway joins none, so every gateway replica hears every event it listens to.
 * In the all-in-one mode the app's handlers join the process's in-process bus.
 */
export function serverOptions(service: ServiceName, config: MessagingConfig): MicroserviceOptions {
  if (messagingMode(config) === 'in-process') return { strategy: new InProcessServer(service) };
  const queue = service === 'api-gateway' ? undefined : service;
  return {
    strategy: new LeanNatsServer({ ...natsConnection(config, service), ...(queue ? { queue } : {}) }),
  };
}

/** How a caller reaches the services over NATS: one connection and one reply subscription for every target. */
export function natsClient(caller: string, config: MessagingConfig): MuxedNatsClient {
  return new MuxedNatsClient(natsConnection(config, caller));
}
