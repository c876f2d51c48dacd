import { SERVICE_NAMES, type ServiceName } from '@commerce/contracts';
import { Transport, type MicroserviceOptions, type ClientOptions } from '@nestjs/microservices';

export interface MessagingConfig {
  /** Set: NATS mode. Unset: the embedded TCP transport on loopback. */
  natsUrl?: string;
  tcpBasePort: number;
  rpcTimeoutMs: number;
}

export type MessagingMode = 'nats' | 'tcp';

export function messagingMode(config: MessagingConfig): MessagingMode {
  return config.natsUrl ? 'nats' : 'tcp';
}

/** The embedded mode's port registry: each service listens on base + its index in SERVICE_NAMES. */
export function tcpPort(service: ServiceName, basePort: number): number {
  return basePort + SERVICE_NAMES.indexOf(service);
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
 */
export function serverOptions(service: ServiceName, config: MessagingConfig): MicroserviceOptions {
  if (messagingMode(config) === 'nats') {
    const queue = service === 'api-gateway' ? undefined : service;
    return {
      transport: Transport.NATS,
      options: { ...natsConnection(config, service), ...(queue ? { queue } : {}) },
    };
  }
  return {
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: tcpPort(service, config.tcpBasePort) },
  };
}

/** How a caller reaches `target`. In NATS mode every target shares one connection. */
export function clientOptions(target: ServiceName, caller: string, config: MessagingConfig): ClientOptions {
  if (messagingMode(config) === 'nats') {
    return { transport: Transport.NATS, options: natsConnection(config, caller) };
  }
  return {
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: tcpPort(target, config.tcpBasePort) },
  };
}
