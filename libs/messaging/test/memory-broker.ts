/**
 * A NATS broker in memory, for the transport's unit tests: the part of a nats.js connection the Nest NATS
 * client and server use (subscribe with queue groups and `<prefix>.*` wildcards, publish with a reply subject,
 * `respond`, the "no responders" status, status updates, drain and close), delivered on a later turn of the
 * event loop as a broker would. The real broker is exercised by the e2e suite in the distributed mode.
 */

interface Subscriber {
  subject: string;
  queue?: string;
  callback: (error: Error | null, message: MemoryMessage) => void;
  closed: boolean;
}

interface PublishOptions {
  reply?: string;
  headers?: unknown;
}

export interface MemoryMessage {
  subject: string;
  reply?: string;
  data: Uint8Array;
  headers?: unknown;
  json(): unknown;
  string(): string;
  respond(data: string | Uint8Array, options?: { headers?: unknown }): boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const matches = (pattern: string, subject: string) =>
  pattern.endsWith('.*')
    ? subject.startsWith(pattern.slice(0, -1)) && !subject.slice(pattern.length - 1).includes('.')
    : pattern === subject;

export class MemoryBroker {
  private readonly subscribers: Subscriber[] = [];

  /** A new client connection to this broker. */
  connect(): MemoryConnection {
    return new MemoryConnection(this);
  }

  subscribe(subscriber: Subscriber): void {
    this.subscribers.push(subscriber);
  }

  publish(subject: string, data: string | Uint8Array | undefined, options: PublishOptions = {}): void {
    const bytes = typeof data === 'string' ? encoder.encode(data) : (data ?? new Uint8Array());
    const live = this.subscribers.filter((s) => !s.closed && matches(s.subject, subject));
    // Every plain subscriber, and one member of each queue group.
    const groups = new Set<string>();
    const receivers = live.filter((s) => !s.queue || (!groups.has(s.queue) && groups.add(s.queue)));
    if (receivers.length === 0 && options.reply) {
      // What a NATS server answers a request nobody subscribes to: an empty message with status 503.
      this.publish(options.reply, undefined, { headers: { code: 503 } });
      return;
    }
    for (const receiver of receivers) {
      const message: MemoryMessage = {
        subject,
        reply: options.reply,
        data: bytes,
        headers: options.headers,
        json: () => JSON.parse(decoder.decode(bytes)) as unknown,
        string: () => decoder.decode(bytes),
        respond: (reply, replyOptions) => {
          if (!options.reply) return false;
          this.publish(options.reply, reply, { headers: replyOptions?.headers });
          return true;
        },
      };
      setImmediate(() => {
        if (!receiver.closed) receiver.callback(null, message);
      });
    }
  }
}

export class MemoryConnection {
  private closed = false;
  private readonly own: Subscriber[] = [];
  private markClosed!: () => void;
  private readonly closing = new Promise<void>((resolve) => (this.markClosed = resolve));

  constructor(private readonly broker: MemoryBroker) {}

  subscribe(subject: string, options: { queue?: string; callback: Subscriber['callback'] }) {
    const subscriber: Subscriber = {
      subject,
      queue: options.queue,
      callback: options.callback,
      closed: false,
    };
    this.own.push(subscriber);
    this.broker.subscribe(subscriber);
    const close = () => {
      subscriber.closed = true;
    };
    return { unsubscribe: close, drain: async () => close() };
  }

  publish(subject: string, data?: string | Uint8Array, options?: PublishOptions): void {
    if (this.closed) throw new Error('connection closed');
    this.broker.publish(subject, data, options);
  }

  /** No status updates (the connection never drops); like nats.js's, it ends when the connection closes. */
  status(): AsyncIterable<{ type: string }> {
    const closing = this.closing;
    return {
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<{ type: string }>> => {
          await closing;
          return { done: true, value: undefined };
        },
      }),
    };
  }

  async flush(): Promise<void> {}

  async drain(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.markClosed();
    for (const subscriber of this.own) subscriber.closed = true;
  }

  isClosed(): boolean {
    return this.closed;
  }

  isDraining(): boolean {
    return false;
  }
}
