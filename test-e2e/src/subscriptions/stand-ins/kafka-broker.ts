import { once } from 'node:events';
import net from 'node:net';

/**
 * A one-node Kafka broker speaking the wire protocol a producer needs (no Kafka server runs on these machines:
 * none in npm or Debian, and Kafka's own needs a download): ApiVersions (v0-v2), SaslHandshake (v0-v1) and
 * SaslAuthenticate (v0) with PLAIN, Metadata (v0) and Produce (v3, record batches of magic 2, uncompressed).
 * It keeps what was produced, refuses wrong credentials (SASL_AUTHENTICATION_FAILED) and unknown topics
 * (UNKNOWN_TOPIC_OR_PARTITION), and `mode` makes it answer NOT_LEADER_FOR_PARTITION (a passing failure) or
 * TOPIC_AUTHORIZATION_FAILED.
 */

export interface KafkaRecord {
  topic: string;
  partition: number;
  acks: number;
  key: string | null;
  value: string;
  headers: Record<string, string>;
  /** The SASL PLAIN user of the connection that produced it. */
  user: string;
}

const API = { produce: 0, metadata: 3, apiVersions: 18, saslHandshake: 17, saslAuthenticate: 36 } as const;
const SUPPORTED: Array<[number, number, number]> = [
  [API.produce, 3, 3],
  [API.metadata, 0, 0],
  [API.saslHandshake, 0, 1],
  [API.apiVersions, 0, 2],
  [API.saslAuthenticate, 0, 0],
];
const ERROR = {
  unknownTopic: 3,
  notLeader: 6,
  topicAuthorizationFailed: 29,
  unsupportedVersion: 35,
  illegalSaslState: 34,
  saslAuthenticationFailed: 58,
} as const;

/** Reads the big-endian and varint fields of a request. */
class Reader {
  offset = 0;
  constructor(private readonly buffer: Buffer) {}
  int8() {
    return this.buffer.readInt8((this.offset += 1) - 1);
  }
  int16() {
    return this.buffer.readInt16BE((this.offset += 2) - 2);
  }
  int32() {
    return this.buffer.readInt32BE((this.offset += 4) - 4);
  }
  int64() {
    return this.buffer.readBigInt64BE((this.offset += 8) - 8);
  }
  string(): string | null {
    const length = this.int16();
    if (length < 0) return null;
    return this.buffer.toString('utf8', this.offset, (this.offset += length));
  }
  bytes(): Buffer | null {
    const length = this.int32();
    if (length < 0) return null;
    return this.buffer.subarray(this.offset, (this.offset += length));
  }
  array<T>(item: () => T): T[] {
    const length = this.int32();
    return Array.from({ length: Math.max(0, length) }, item);
  }
  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.buffer[this.offset++];
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
    }
    return (value >>> 1) ^ -(value & 1);
  }
  varBytes(): Buffer | null {
    const length = this.varint();
    if (length < 0) return null;
    return this.buffer.subarray(this.offset, (this.offset += length));
  }
}

/** Writes a response's fields. */
class Writer {
  private readonly parts: Buffer[] = [];
  int16(value: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(value);
    return this.push(b);
  }
  int32(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(value);
    return this.push(b);
  }
  int64(value: bigint) {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(value);
    return this.push(b);
  }
  string(value: string | null) {
    if (value === null) return this.int16(-1);
    const b = Buffer.from(value);
    return this.int16(b.length).push(b);
  }
  bytes(value: Buffer) {
    return this.int32(value.length).push(value);
  }
  array<T>(items: T[], write: (item: T) => void) {
    this.int32(items.length);
    items.forEach(write);
    return this;
  }
  push(b: Buffer) {
    this.parts.push(b);
    return this;
  }
  done() {
    return Buffer.concat(this.parts);
  }
}

/** The records of a record batch (magic 2), uncompressed. */
function recordsOf(batch: Buffer): Array<Pick<KafkaRecord, 'key' | 'value' | 'headers'>> {
  const r = new Reader(batch);
  const out: Array<Pick<KafkaRecord, 'key' | 'value' | 'headers'>> = [];
  while (r.offset < batch.length) {
    r.int64(); // base offset
    const length = r.int32();
    const end = r.offset + length;
    r.int32(); // partition leader epoch
    const magic = r.int8();
    if (magic !== 2) throw new Error(`record batch magic ${magic}, 2 expected`);
    r.int32(); // crc
    const attributes = r.int16();
    if ((attributes & 7) !== 0) throw new Error('compressed record batches are not read here');
    r.int32(); // last offset delta
    r.int64(); // first timestamp
    r.int64(); // max timestamp
    r.int64(); // producer id
    r.int16(); // producer epoch
    r.int32(); // base sequence
    const count = r.int32();
    for (let i = 0; i < count; i++) {
      r.varint(); // record length
      r.int8(); // attributes
      r.varint(); // timestamp delta
      r.varint(); // offset delta
      const key = r.varBytes();
      const value = r.varBytes();
      const headers: Record<string, string> = {};
      const headerCount = r.varint();
      for (let h = 0; h < headerCount; h++) {
        const name = r.varBytes()!.toString();
        headers[name] = r.varBytes()?.toString() ?? '';
      }
      out.push({ key: key?.toString() ?? null, value: value?.toString() ?? '', headers });
    }
    r.offset = end;
  }
  return out;
}

export class KafkaBroker {
  readonly records: KafkaRecord[] = [];
  /** `down`: every produce is answered NOT_LEADER_FOR_PARTITION; `refuse`: TOPIC_AUTHORIZATION_FAILED. */
  mode: 'ok' | 'down' | 'refuse' = 'ok';
  port = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly credentials: { user: string; password: string },
    private readonly topics: string[],
  ) {
    this.server = net.createServer((socket) => this.serve(socket));
  }

  get bootstrapServer(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
    await once(this.server, 'close');
  }

  private serve(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const state = { mechanism: '', user: '' };
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const size = pending.readInt32BE(0);
        const request = pending.subarray(4, 4 + size);
        pending = pending.subarray(4 + size);
        const reader = new Reader(request);
        const apiKey = reader.int16();
        const version = reader.int16();
        const correlationId = reader.int32();
        reader.string(); // client id
        const body = this.answer(apiKey, version, reader, state);
        if (body === undefined) continue; // acks 0: no answer
        const frame = new Writer().int32(correlationId).push(body).done();
        socket.write(new Writer().int32(frame.length).push(frame).done());
        if (state.user === '!') socket.end();
      }
    });
  }

  private answer(apiKey: number, version: number, r: Reader, state: { mechanism: string; user: string }): Buffer | undefined {
    const w = new Writer();
    switch (apiKey) {
      case API.apiVersions: {
        w.int16(version > 2 ? ERROR.unsupportedVersion : 0).array(SUPPORTED, ([key, min, max]) => w.int16(key).int16(min).int16(max));
        if (version >= 1) w.int32(0);
        return w.done();
      }
      case API.saslHandshake: {
        state.mechanism = r.string() ?? '';
        return w.int16(state.mechanism === 'PLAIN' ? 0 : 33).array(['PLAIN'], (m) => w.string(m)).done();
      }
      case API.saslAuthenticate: {
        const [, user, password] = (r.bytes() ?? Buffer.alloc(0)).toString().split('\0');
        const ok = state.mechanism === 'PLAIN' && user === this.credentials.user && password === this.credentials.password;
        state.user = ok ? user : '!';
        return w
          .int16(ok ? 0 : ERROR.saslAuthenticationFailed)
          .string(ok ? null : 'Authentication failed: Invalid username or password')
          .bytes(Buffer.alloc(0))
          .done();
      }
    }
    if (!state.user || state.user === '!') {
      state.user = '!';
      return w.int16(ERROR.illegalSaslState).done();
    }
    switch (apiKey) {
      case API.metadata: {
        const asked = r.array(() => r.string() ?? '');
        w.array([0], (id) => w.int32(id).string('127.0.0.1').int32(this.port));
        return w
          .array(asked, (topic) => {
            const known = this.topics.includes(topic);
            w.int16(known ? 0 : ERROR.unknownTopic).string(topic);
            w.array(known ? [0] : [], (partition) => w.int16(0).int32(partition).int32(0).array([0], (n) => w.int32(n)).array([0], (n) => w.int32(n)));
          })
          .done();
      }
      case API.produce: {
        r.string(); // transactional id
        const acks = r.int16();
        r.int32(); // timeout
        const topics = r.array(() => ({
          topic: r.string() ?? '',
          partitions: r.array(() => ({ partition: r.int32(), batch: r.bytes() ?? Buffer.alloc(0) })),
        }));
        const error = { ok: 0, down: ERROR.notLeader, refuse: ERROR.topicAuthorizationFailed }[this.mode];
        for (const { topic, partitions } of topics) {
          for (const { partition, batch } of partitions) {
            const known = this.topics.includes(topic);
            if (known && !error) {
              for (const record of recordsOf(batch)) this.records.push({ topic, partition, acks, user: state.user, ...record });
            }
          }
        }
        if (acks === 0) return undefined;
        return w
          .array(topics, ({ topic, partitions }) => {
            w.string(topic).array(partitions, ({ partition }) =>
              w
                .int32(partition)
                .int16(this.topics.includes(topic) ? error : ERROR.unknownTopic)
                .int64(BigInt(this.records.length))
                .int64(-1n),
            );
          })
          .int32(0)
          .done();
      }
      default:
        return w.int16(ERROR.unsupportedVersion).done();
    }
  }
}
