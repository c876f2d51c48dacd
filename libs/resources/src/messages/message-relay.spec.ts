import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import type { BaseResource, RequestContext } from '@commerce/contracts';
import { DocumentTable, documentTableSqlV1, documentTableSqlV2 } from '@commerce/persistence';
import { DataSource } from 'typeorm';
import type { ProjectSettings } from '../project-settings.js';
import { MessageLog, type MessageSubject } from './message-log.js';
import { MessageRelay, type MessagePublisher } from './message-relay.js';
import { MessageRetention } from './message-retention.js';
import { messageSequenceSqlV1, messagesRelaySqlV1, messagesTableSqlV1 } from './messages-table.js';

interface Thing extends BaseResource {
  key?: string;
  name: string;
}

interface Published {
  subject: string;
  id: string;
  doc: { resource: { id: string }; sequenceNumber: number; type: string };
}

/**
 * The stream as the relay sees it: remembers every publish, in order (repeats included, so that a repeat
 * shows), and can fail after `failAfter` publishes. Each publish takes a millisecond, so that two relays
 * interleave if they can (the relay with `FOR UPDATE SKIP LOCKED` on the Messages did).
 */
class RecordingStream implements MessagePublisher {
  readonly published: Published[] = [];
  readonly asked: string[][] = [];
  failAfter?: number;
  duplicateWindowMs?: number;

  async publish(subject: string, data: string, msgID: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (this.failAfter !== undefined && this.failAfter-- <= 0) throw new Error('NATS is down');
    this.published.push({ subject, id: msgID, doc: JSON.parse(data) as Published['doc'] });
  }

  async stored(_since: Date, _subjects: string[], ids: Set<string>): Promise<Set<string>> {
    this.asked.push([...ids]);
    return new Set(this.published.map((p) => p.id).filter((id) => ids.has(id)));
  }
}

const ctx: RequestContext = { projectKey: 'p1', correlationId: 'test', actor: { clientId: 'c1' } };
const settings = { get: async () => ({ messages: { enabled: true } }) } as unknown as ProjectSettings;

let embedded: EmbeddedDatabase;
let db: DataSource;
let schemaCount = 0;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  db = await new DataSource({ type: 'postgres', url: embedded.url, extra: { max: 8 } }).initialize();
}, 60_000);

afterAll(async () => {
  await db.destroy();
  await embedded.stop();
});

/** A fresh schema with a resource table, its Messages and the relay's position, as the migrations leave them. */
async function service() {
  const schema = `s${++schemaCount}`;
  await db.query(`CREATE SCHEMA ${schema}`);
  for (const sql of [
    ...documentTableSqlV2(schema, 'things'),
    ...messagesTableSqlV1(schema),
    ...messagesRelaySqlV1(schema),
  ]) {
    await db.query(sql);
  }
  const table = new DocumentTable<Thing>(`"${schema}"."things"`, {});
  const log = new MessageLog(schema, settings);
  const subject = (thing: Thing): MessageSubject => ({
    typeId: 'thing',
    id: thing.id,
    version: thing.version,
    table: table.table,
  });
  const now = new Date().toISOString();
  return {
    schema,
    table,
    log,
    relay: (stream: RecordingStream, batch = 100, retryHorizonMs?: number) =>
      new MessageRelay(db, schema, stream, { batch, retryHorizonMs }),
    /** Creates a Thing with its ThingCreated Message, in one statement. */
    async create(id: string): Promise<Thing> {
      const thing: Thing = { id, version: 1, name: id, createdAt: now, lastModifiedAt: now };
      const writer = await log.writer(ctx);
      await table.insert(
        db,
        ctx.projectKey,
        thing,
        writer.followUp!(subject(thing), [{ type: 'ThingCreated' }]),
      );
      return thing;
    },
    /** Renames a Thing at its version with `count` Messages, in one statement; false if the version moved. */
    async rename(thing: Thing, name: string, count = 1): Promise<Thing | undefined> {
      const next = { ...thing, name, version: thing.version + 1 };
      const writer = await log.writer(ctx);
      const messages = Array.from({ length: count }, () => ({ type: 'ThingRenamed', name }));
      const ok = await table.replace(
        db,
        ctx.projectKey,
        next,
        thing.version,
        writer.followUp!(subject(next), messages),
      );
      return ok ? next : undefined;
    },
    subject,
    /** The ids of the schema's Messages in the database's order. */
    async ids(): Promise<string[]> {
      const rows = await db.query<Array<{ id: string }>>(
        `SELECT id FROM "${schema}"."messages" ORDER BY gid`,
      );
      return rows.map((row) => row.id);
    },
    async sequences(resourceId: string): Promise<number[]> {
      const rows = await db.query<Array<{ sequence_number: number }>>(
        `SELECT sequence_number FROM "${schema}"."messages" WHERE resource_id = $1 ORDER BY sequence_number`,
        [resourceId],
      );
      return rows.map((row) => row.sequence_number);
    },
  };
}

/** Each resource's published sequence numbers, in the order they were published. */
function perResource(published: Published[]): Map<string, number[]> {
  const byResource = new Map<string, number[]>();
  for (const { doc } of published) {
    byResource.set(doc.resource.id, [...(byResource.get(doc.resource.id) ?? []), doc.sequenceNumber]);
  }
  return byResource;
}

describe(MessageRelay.name, () => {
  it('with two relays at once, publishes every Message exactly once, in the database order', async () => {
    const s = await service();
    for (let i = 0; i < 6; i++) {
      let thing = await s.create(`t${i}`);
      for (let n = 0; n < 10; n++) thing = (await s.rename(thing, `n${n}`, 1 + (n % 3)))!;
    }
    // Connections open beforehand, so that both relays start at once.
    await Promise.all([1, 2, 3, 4].map(() => db.query('SELECT pg_sleep(0.02)')));
    const stream = new RecordingStream();
    const [a, b] = [s.relay(stream, 7), s.relay(stream, 7)];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await a.drain();
    expect(stream.published.map((p) => p.id)).toEqual(await s.ids());
    expect(stream.published).toHaveLength(6 * 20);
  });

  it('while writers race, publishes each resource’s Messages once each and in sequence order', async () => {
    const s = await service();
    const stream = new RecordingStream();
    const relays = [s.relay(stream, 5), s.relay(stream, 5)];
    let writing = true;
    const relaying = relays.map(async (relay) => {
      while (writing) await relay.drain();
    });
    const writers = Array.from({ length: 4 }, async (_, i) => {
      let thing = await s.create(`w${i}`);
      for (let n = 0; n < 15; n++) {
        // Two writers race for every version: exactly one wins and writes its Messages.
        const [first, second] = await Promise.all([s.rename(thing, `x${n}`), s.rename(thing, `y${n}`, 2)]);
        thing = (first ?? second)!;
        expect(first === undefined).not.toBe(second === undefined);
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(relaying);
    await relays[0].drain();
    const ids = stream.published.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...(await s.ids())].sort());
    for (const [resourceId, published] of perResource(stream.published)) {
      expect(published).toEqual(await s.sequences(resourceId));
      expect(published).toEqual(published.map((_, i) => i + 1));
    }
  });

  it('publishes the Messages of a transaction that commits after later ones were published, once', async () => {
    const s = await service();
    const early = await s.create('early');
    const stream = new RecordingStream();
    const relay = s.relay(stream);
    await relay.drain();
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const writer = await s.log.writer(ctx);
    const slow = { ...early, name: 'slow', version: 2 };
    await s.table.replace(runner.manager, ctx.projectKey, slow, 1);
    await writer.append(runner.manager, s.subject(slow), [{ type: 'ThingRenamed', name: 'slow' }]);
    const late = await s.create('late');
    await relay.drain();
    const [slowGid, lateGid] = await Promise.all(
      [early.id, late.id].map(async (id) => {
        const rows = await runner.query(
          `SELECT max(gid)::int AS gid FROM "${s.schema}"."messages" WHERE resource_id = $1`,
          [id],
        );
        return (rows as Array<{ gid: number }>)[0].gid;
      }),
    );
    expect(slowGid).toBeLessThan(lateGid);
    expect(stream.published.map((p) => p.doc.resource.id)).toEqual(['early', 'late']);
    await runner.commitTransaction();
    await runner.release();
    await relay.drain();
    expect(stream.published.map((p) => `${p.doc.resource.id}#${p.doc.sequenceNumber}`)).toEqual([
      'early#1',
      'late#1',
      'early#2',
    ]);
    await relay.drain();
    expect(stream.published).toHaveLength(3);
  });

  it('publishes a failed batch again with the same ids, and asks the stream first once past its retry horizon', async () => {
    const s = await service();
    for (const id of ['a', 'b', 'c']) await s.create(id);
    const stream = new RecordingStream();
    stream.failAfter = 2;
    const relay = s.relay(stream, 100, 60_000);
    await expect(relay.publishBatch()).rejects.toThrow('NATS is down');
    expect(stream.published.map((p) => p.doc.resource.id)).toEqual(['a', 'b']);
    // Within the horizon it publishes the whole batch again (the stream drops repeats by id).
    const retried = new RecordingStream();
    await s.relay(retried, 100, 60_000).drain();
    expect(retried.asked).toEqual([]);
    expect(retried.published.map((p) => p.doc.resource.id)).toEqual(['a', 'b', 'c']);
    // Past the horizon it asks the stream which ones it holds, and publishes only the others.
    await s.create('d');
    await s.create('e');
    const late = new RecordingStream();
    late.failAfter = 1;
    await expect(s.relay(late, 100, 60_000).publishBatch()).rejects.toThrow('NATS is down');
    await db.query(
      `UPDATE "${s.schema}"."message_relay" SET attempt_started_at = now() - interval '2 minutes'`,
    );
    late.failAfter = undefined;
    await s.relay(late, 100, 60_000).drain();
    expect(late.asked).toHaveLength(1);
    expect(late.published.map((p) => p.doc.resource.id)).toEqual(['d', 'e']);
  });
});

describe(`${MessageRelay.name} with a stream whose duplicate window stayed narrow`, () => {
  it('asks the stream before publishing any batch, so a repeat can never get past the window', async () => {
    const s = await service();
    await s.create('n1');
    const stream = new RecordingStream();
    stream.duplicateWindowMs = 2 * 60_000;
    await s.relay(stream).drain();
    expect(stream.asked).toEqual([[(await s.ids())[0]]]);
    expect(stream.published.map((p) => p.doc.resource.id)).toEqual(['n1']);
  });
});

describe(`${MessageRelay.name} when idle`, () => {
  it('leaves its position row alone while there is nothing to publish, and moves it once it gets old', async () => {
    const s = await service();
    await s.create('i1');
    const relay = s.relay(new RecordingStream());
    await relay.drain();
    const version = async () =>
      (await db.query<Array<{ v: string }>>(`SELECT xmin::text AS v FROM "${s.schema}"."message_relay"`))[0]
        .v;
    const before = await version();
    await relay.drain();
    await relay.drain();
    expect(await version()).toBe(before);
    await db.query(
      `UPDATE "${s.schema}"."message_relay" SET attempt_started_at = now() - interval '1 minute'`,
    );
    const aged = await version();
    await relay.drain();
    expect(await version()).not.toBe(aged);
  });
});

describe(MessageRetention.name, () => {
  const future = new Date(Date.now() + 400 * 86_400_000);

  it('deletes expired Messages only once the relay published them', async () => {
    const s = await service();
    await s.create('r1');
    const retention = new MessageRetention(db, s.schema, { relayed: true, batch: 2 });
    expect(await retention.sweep(future)).toBe(0);
    const stream = new RecordingStream();
    await s.relay(stream).drain();
    await s.create('r2');
    await s.create('r3');
    expect(await retention.sweep(future)).toBe(1);
    await s.relay(stream).drain();
    expect(await retention.sweep(future)).toBe(2);
    expect(stream.published.map((p) => p.doc.resource.id)).toEqual(['r1', 'r2', 'r3']);
  });

  it('without a relay, deletes every expired Message in batches and keeps the young ones', async () => {
    const s = await service();
    for (const id of ['o1', 'o2', 'o3']) await s.create(id);
    const retention = new MessageRetention(db, s.schema, { relayed: false, batch: 2 });
    expect(await retention.sweep(new Date())).toBe(0);
    expect(await retention.sweep(future)).toBe(3);
  });

  it('never lets sequence numbers start again: they go on after the sweep deleted every Message', async () => {
    const s = await service();
    let thing = await s.create('q');
    for (let n = 0; n < 3; n++) thing = (await s.rename(thing, `q${n}`, 2))!;
    expect(await s.sequences('q')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await s.relay(new RecordingStream()).drain();
    expect(await new MessageRetention(db, s.schema, { relayed: true }).sweep(future)).toBe(7);
    thing = (await s.rename(thing, 'after'))!;
    const writer = await s.log.writer(ctx);
    await db.transaction(async (tx) => writer.append(tx, s.subject(thing), [{ type: 'ThingNoted' }]));
    expect(await s.sequences('q')).toEqual([8, 9]);
  });
});

describe('messages relay migration', () => {
  it('counts each resource from its kept Messages and publishes only those not published before', async () => {
    const schema = `m${++schemaCount}`;
    await db.query(`CREATE SCHEMA ${schema}`);
    for (const sql of [...documentTableSqlV1(schema, 'things'), ...messagesTableSqlV1(schema)])
      await db.query(sql);
    const insert = (id: string, resource: string, seq: number, published: boolean) =>
      db.query(
        `INSERT INTO "${schema}"."messages" (id, project_key, key, version, created_at, last_modified_at, doc,
           resource_id, sequence_number, type, expires_at, published_at)
         VALUES ($1, 'p1', NULL, 1, now(), now(), $2, $3, $4, 'T', now() + interval '1 day', $5)`,
        [
          id,
          { id, resource: { typeId: 'thing', id: resource }, sequenceNumber: seq },
          resource,
          seq,
          published ? new Date() : null,
        ],
      );
    await db.query(
      `INSERT INTO "${schema}"."things" (id, project_key, key, version, created_at, last_modified_at, doc)
       VALUES ('r', 'p1', NULL, 3, now(), now(), '{"id":"r","version":3}')`,
    );
    await insert('m1', 'r', 1, true);
    await insert('m2', 'r', 2, true);
    await insert('m3', 'r', 3, false);
    for (const sql of [...messageSequenceSqlV1(schema, ['things']), ...messagesRelaySqlV1(schema)])
      await db.query(sql);
    const [row] = await db.query<Array<{ message_seq: number }>>(
      `SELECT message_seq FROM "${schema}"."things"`,
    );
    expect(row.message_seq).toBe(3);
    const stream = new RecordingStream();
    await new MessageRelay(db, schema, stream).drain();
    expect(stream.published.map((p) => p.id)).toEqual(['m3']);
  });
});
