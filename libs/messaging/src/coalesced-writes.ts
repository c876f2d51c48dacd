import type { NatsConnection } from '@nats-io/transport-node';

/** The parts of nats.js's protocol handler (`NatsConnectionImpl.protocol`) the coalescing relies on. */
interface ProtocolHandler {
  flushPending(): void;
  outbound: { size(): number };
  pendingLimit: number;
}

const COALESCED = Symbol('coalesced-writes');

function protocolOf(connection: NatsConnection): ProtocolHandler | undefined {
  const protocol = (connection as unknown as { protocol?: Partial<ProtocolHandler> }).protocol;
  const fits =
    typeof protocol?.flushPending === 'function' &&
    typeof protocol.outbound?.size === 'function' &&
    typeof protocol.pendingLimit === 'number';
  return fits ? (protocol as ProtocolHandler) : undefined;
}

/**
 * One socket write per turn of the event loop instead of one per message. nats.js writes what a piece of
 * code published at the end of its microtask queue: every request the gateway sends and every reply a
 * service gives is its own `write` syscall, which on loopback also runs the receiver's TCP path, and was the
 * largest single cost in the profiles of both (more than the JSON). Here the flush waits for `setImmediate`:
 * everything published by the I/O callbacks of one loop turn (the HTTP requests, database answers and NATS
 * messages that arrived together) leaves in one write, right after them, without a timer. A buffer past
 * nats.js's own limit is still written at once, and `close()` writes what is pending before it closes.
 * Returns false (and changes nothing) if the installed nats.js lacks the internals this relies on.
 */
export function coalesceWrites(connection: NatsConnection): boolean {
  const protocol = protocolOf(connection);
  if (!protocol) return false;
  const marked = protocol as ProtocolHandler & { [COALESCED]?: true };
  if (marked[COALESCED]) return true;
  marked[COALESCED] = true;
  const flushNow = protocol.flushPending.bind(protocol);
  let scheduled = false;
  protocol.flushPending = () => {
    if (protocol.outbound.size() >= protocol.pendingLimit) return flushNow();
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flushNow();
    });
  };
  const close = connection.close.bind(connection);
  connection.close = () => {
    flushNow();
    return close();
  };
  return true;
}
