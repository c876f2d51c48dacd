import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/** The internals of pglite-socket 0.2.17's query queue that this module replaces one method of. */
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Parse, Bind, Describe, Execute, Close and Flush: one extended-protocol sequence, ended by Sync. */
const IN_SEQUENCE = new Set([...'PBDECH'].map((c) => c.charCodeAt(0)));

/**
 * pglite-socket queues every protocol message on its own and keeps a connection's messages together only
 * inside a transaction. Outside one, the Parse/Bind/Execute of two connections interleave on PGlite's single
 * session: one connection's Bind replaces the other's unnamed portal, and a connection can receive another's
 * rows. This makes the queue serve one connection exclusively from its first extended-protocol message to its
 * Sync, and for the whole of an open transaction.
 */
export function serializeExtendedProtocol(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (!queue || typeof queue.processQueue !== 'function' || !Array.isArray(queue.queue)) {
    throw new Error(
      'pglite-socket internals changed: the protocol-aware queue needs review before upgrading.',
    );
  }
  let owner: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = this.db.isInTransaction() ? item.handlerId : null;
          item.reject(error);
          continue;
        }
        owner = this.db.isInTransaction() || IN_SEQUENCE.has(item.message[0]) ? item.handlerId : null;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    if (owner === handlerId) owner = null;
    clear(handlerId);
  };
}
