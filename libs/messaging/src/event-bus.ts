import type { EventMap, EventSubject } from '@commerce/contracts';
import { Logger } from '@nestjs/common';
import type { RpcClient } from './rpc-client.js';

/**
 * Publishes facts. One publish reaches every service that listens (one replica per queue group over NATS,
 * every gateway replica; every listening app in the all-in-one mode). Events are notifications (cache
 * invalidation); durable facts live in the database of their owner.
 */
export class EventBus {
  private readonly logger = new Logger(EventBus.name);

  constructor(private readonly client: RpcClient) {}

  async publish<E extends EventSubject>(event: E, payload: EventMap[E]): Promise<void> {
    try {
      await this.client.emit(event, payload);
    } catch (error) {
      this.logger.warn(`event ${event} was not delivered: ${String(error)}`);
    }
  }
}
