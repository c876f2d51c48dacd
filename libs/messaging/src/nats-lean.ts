import { ClientNats, ServerNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
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

/** The NATS listener of a service, without the per-message JSON.parse of the pattern. */
export class LeanNatsServer extends ServerNats {
  protected override getRouteFromPattern(pattern: string): string {
    return routeOf(pattern, (p) => super.getRouteFromPattern(p));
  }
}

/**
 * A NATS client with one muxed reply subscription (`<inbox>.*`) for all its requests, as nats.js's own
 * `request()` does, instead of Nest's subscribe and unsubscribe around every request.
 */
export class MuxedNatsClient extends ClientNats {
  private mux?: { prefix: string; subscription: Subscription };

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

  override async close(): Promise<void> {
    this.mux?.subscription.unsubscribe();
    this.mux = undefined;
    await super.close();
  }

  private muxOf(connection: NatsConnection): { prefix: string; subscription: Subscription } {
    if (this.mux) return this.mux;
    const prefix = createInbox(this.options.inboxPrefix);
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
      callback({ err: new Error('empty response'), isDisposed: true });
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
