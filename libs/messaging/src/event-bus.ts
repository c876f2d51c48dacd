import { EVENT_LISTENERS, type EventName } from '@commerce/contracts';
import { Logger } from '@nestjs/common';
import type { RpcClient } from './rpc-client.js';
import { messagingMode, type MessagingConfig } from './transport.js';

/**
 * Publishes facts. In NATS mode one publish reaches every subscribed service (one replica per queue group,
 * every gateway replica). In the embedded mode the event goes to each listener's TCP server.
 * Events are notifications (cache invalidation); durable facts live in the database of their owner.
 */
export class EventBus {
  private readonly logger = new Logger(EventBus.name);

  constructor(
    private readonly client: RpcClient,
    private readonly config: MessagingConfig,
  ) {}

  async publish<T extends object>(event: EventName, payload: T): Promise<void> {
    const listeners = EVENT_LISTENERS[event];
    const targets = messagingMode(this.config) === 'nats' ? listeners.slice(0, 1) : listeners;
    const results = await Promise.allSettled(
      targets.map((target) => this.client.emit(target, event, payload)),
    );
    for (const result of results) {
      if (result.status === 'rejected')
        this.logger.warn(`event ${event} was not delivered: ${String(result.reason)}`);
    }
  }
}
