import 'reflect-metadata';
import { jest } from '@jest/globals';
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import type { BaseResource, Message, RequestContext } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { DocumentTable, documentTableSqlV2, type Queryable } from '@commerce/persistence';
import { IsOptional, IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { MessageLog } from './messages/message-log.js';
import { MessageRetention } from './messages/message-retention.js';
import { messagesRelaySqlV1, messagesTableSqlV1 } from './messages/messages-table.js';
import type { ProjectSettings } from './project-settings.js';
import { RecentWrites } from './recent-writes.js';
import type { ResourceDefinition } from './resource-definition.js';
import { ResourceEngine } from './resource-engine.js';
import { action } from './update-actions.js';

interface Thing extends BaseResource {
  key?: string;
  name: string;
}

class ThingDraft {
  @IsString()
  name: string;

  @IsOptional()
  @IsString()
  key?: string;
}

class TagAction {
  @IsString()
  tag: string;
}

const ctx: RequestContext = { projectKey: 'p1', correlationId: 'test', actor: { clientId: 'c1' } };
const table = new DocumentTable<Thing>('"t"."things"', {});

/** A side table the actions write besides the document. */
const tags = (db: Queryable, id: string) =>
  db.query<Array<{ tag: string }>>(`SELECT tag FROM "t"."tags" WHERE thing_id = $1 ORDER BY tag`, [id]);

const definition: ResourceDefinition<Thing, ThingDraft> = {
  typeId: 'thing',
  table,
  draft: ThingDraft,
  build: (draft) => ({ name: draft.name, ...(draft.key ? { key: draft.key } : {}) }),
  // A test resource: no documented union to match.
  internalActions: true,
  actions: {
    tag: action(TagAction, (thing: Thing, { tag }) => ({
      resource: thing,
      messages: [{ type: 'ThingTagged', tag }],
      write: async (tx) => {
        await tx.query(`INSERT INTO "t"."tags" (thing_id, tag) VALUES ($1, $2)`, [thing.id, tag]);
      },
    })),
    rename: action(TagAction, (thing: Thing, { tag }) => ({
      resource: { ...thing, name: tag },
      messages: [{ type: 'ThingRenamed', name: tag }],
    })),
    tagAfterAnotherWriter: action(TagAction, async (thing: Thing, { tag }, { db }) => {
      await db.query(
        `UPDATE "t"."things" SET version = version + 1, doc = jsonb_set(doc, '{version}', to_jsonb(version + 1))
         WHERE id = $1`,
        [thing.id],
      );
      return {
        resource: thing,
        write: async (tx) => void (await tx.query(`INSERT INTO "t"."tags" VALUES ($1, $2)`, [thing.id, tag])),
      };
    }),
    failingWrite: action(TagAction, (thing: Thing, { tag }) => ({
      resource: { ...thing, name: tag },
      write: () => Promise.reject(new Error('the side table refused')),
    })),
  },
  deletedMessage: () => ({ type: 'ThingDeleted' }),
  beforeDelete: async (thing) => async (tx, messages) => {
    await tx.query(`DELETE FROM "t"."tags" WHERE thing_id = $1`, [thing.id]);
    await messages.append(tx, { typeId: 'thing', id: 'registry', version: 1, table: table.table }, [
      { type: 'TagsRemoved', of: thing.id },
    ]);
  },
};

let embedded: EmbeddedDatabase;
let pg: DataSource;
let engine: ResourceEngine<Thing, ThingDraft>;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  pg = await new DataSource({ type: 'postgres', url: embedded.url, extra: { max: 4 } }).initialize();
  await pg.query('CREATE SCHEMA t');
  for (const sql of [
    ...documentTableSqlV2('t', 'things'),
    ...messagesTableSqlV1('t'),
    ...messagesRelaySqlV1('t'),
  ]) {
    await pg.query(sql);
  }
  await pg.query(
    `INSERT INTO "t"."things" (id, project_key, key, version, created_at, last_modified_at, doc)
     VALUES ('registry', 'p1', NULL, 1, now(), now(), '{"id":"registry","version":1}')`,
  );
  await pg.query(`CREATE TABLE "t"."tags" (thing_id text NOT NULL, tag text NOT NULL)`);
  const settings = { get: async () => ({ messages: { enabled: true } }) } as unknown as ProjectSettings;
  engine = new ResourceEngine(pg, new MessageLog('t', settings), definition);
}, 60_000);

afterAll(async () => {
  await pg.destroy();
  await embedded.stop();
});

const messageTypes = async (id: string) =>
  (
    await pg.query<Array<{ type: string; resource_version: number }>>(
      `SELECT type, (doc->>'resourceVersion')::int AS resource_version FROM "t"."messages"
       WHERE resource_id = $1 ORDER BY sequence_number`,
      [id],
    )
  ).map((row) => `${row.type}@${row.resource_version}`);

describe(`${ResourceEngine.name}: writes besides the document`, () => {
  it('counts an action with a write as a change and commits the write with the new version and its Messages', async () => {
    const thing = await engine.create(ctx, { name: 'a' });
    const updated = await engine.update(
      ctx,
      { id: thing.id },
      { version: 1, actions: [{ action: 'tag', tag: 'red' }] },
    );
    expect(updated).toMatchObject({ version: 2, name: 'a' });
    expect(await tags(pg, thing.id)).toEqual([{ tag: 'red' }]);
    expect(await messageTypes(thing.id)).toEqual(['ThingTagged@2']);
  });

  it('never writes for an update that lost the race for its version (409)', async () => {
    const thing = await engine.create(ctx, { name: 'b' });
    const update = engine.update(
      ctx,
      { id: thing.id },
      { version: 1, actions: [{ action: 'tagAfterAnotherWriter', tag: 'x' }] },
    );
    await expect(update).rejects.toMatchObject({
      errors: [{ code: 'ConcurrentModification', currentVersion: 2 }],
    });
    expect(await tags(pg, thing.id)).toEqual([]);
  });

  it('rolls the whole update back when a write fails', async () => {
    const thing = await engine.create(ctx, { name: 'c' });
    await expect(
      engine.update(
        ctx,
        { id: thing.id },
        {
          version: 1,
          actions: [
            { action: 'tag', tag: 'a' },
            { action: 'failingWrite', tag: 'z' },
          ],
        },
      ),
    ).rejects.toThrow('the side table refused');
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 1, name: 'c' });
    expect(await tags(pg, thing.id)).toEqual([]);
    expect(await messageTypes(thing.id)).toEqual([]);
  });

  it('numbers the Messages of a resource from 1, several of one change in one statement, in action order', async () => {
    const thing = await engine.create(ctx, { name: 'e' });
    await engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'tag', tag: 'one' }] });
    await engine.update(
      ctx,
      { id: thing.id },
      {
        version: 2,
        actions: [
          { action: 'tag', tag: 'two' },
          { action: 'tag', tag: 'three' },
        ],
      },
    );
    const rows = await pg.query<Array<{ sequence_number: number; doc: Record<string, unknown>; id: string }>>(
      `SELECT id, sequence_number, doc FROM "t"."messages" WHERE resource_id = $1 ORDER BY sequence_number`,
      [thing.id],
    );
    expect(rows.map((row) => [row.sequence_number, row.doc.sequenceNumber, row.doc.tag])).toEqual([
      [1, 1, 'one'],
      [2, 2, 'two'],
      [3, 3, 'three'],
    ]);
    expect(rows.every((row) => row.doc.id === row.id && row.doc.type === 'ThingTagged')).toBe(true);
    expect(rows.map((row) => row.doc.resourceVersion)).toEqual([2, 3, 3]);
  });

  it('writes a change without side writes and its Message in one statement; of two racing writers one wins', async () => {
    const thing = await engine.create(ctx, { name: 'f' });
    const rename = (tag: string) =>
      engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'rename', tag }] });
    const outcomes = await Promise.allSettled([rename('g'), rename('h')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = await engine.get(ctx, { id: thing.id });
    expect(stored.version).toBe(2);
    expect(await messageTypes(thing.id)).toEqual(['ThingRenamed@2']);
    await engine.update(ctx, { id: thing.id }, { version: 2, actions: [{ action: 'rename', tag: 'i' }] });
    const rows = await pg.query<Array<{ sequence_number: number; id: string; type: string; doc: Message }>>(
      `SELECT sequence_number, id, type, doc FROM "t"."messages" WHERE resource_id = $1 ORDER BY 1`,
      [thing.id],
    );
    expect(rows.map((row) => [row.sequence_number, row.doc.sequenceNumber, row.doc.name])).toEqual([
      [1, 1, stored.name],
      [2, 2, 'i'],
    ]);
    // The row's columns and its document agree: one Message's text gets its number in the statement.
    expect(rows.every((row) => row.doc.id === row.id && row.doc.type === row.type)).toBe(true);
    expect(rows[1].doc).toMatchObject({
      resource: { typeId: definition.typeId, id: thing.id },
      resourceVersion: 3,
    });
  });

  it('runs the cascade beforeDelete returns inside the delete, with its Messages', async () => {
    const thing = await engine.create(ctx, { name: 'd' });
    await engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'tag', tag: 'blue' }] });
    await engine.delete(ctx, { id: thing.id }, 2);
    expect(await tags(pg, thing.id)).toEqual([]);
    expect(await messageTypes('registry')).toEqual(['TagsRemoved@1']);
    expect(await messageTypes(thing.id)).toEqual(['ThingTagged@2', 'ThingDeleted@3']);
    const numbers = await pg.query<Array<{ sequence_number: number }>>(
      `SELECT sequence_number FROM "t"."messages" WHERE resource_id = $1 ORDER BY sequence_number`,
      [thing.id],
    );
    expect(numbers.map((row) => row.sequence_number)).toEqual([1, 2]);
  });

  it('answers the loser of two deletes at one version 404 (the row it would number its Message from is gone)', async () => {
    for (let round = 0; round < 5; round++) {
      const thing = await engine.create(ctx, { name: `race-${round}` });
      const outcomes = await Promise.allSettled([
        engine.delete(ctx, { id: thing.id }, 1),
        engine.delete(ctx, { id: thing.id }, 1),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [lost] = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      // Before the fix the loser's Message append found no row and threw a plain Error: a 500.
      expect(lost).toBeInstanceOf(ApiError);
      expect((lost as ApiError).status).toBe(404);
      expect(await messageTypes(thing.id)).toEqual(['ThingDeleted@2']);
    }
  });

  it('goes on numbering a resource’s Messages after the retention sweep deleted them all', async () => {
    const thing = await engine.create(ctx, { name: 's' });
    for (const [version, tag] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const) {
      await engine.update(ctx, { id: thing.id }, { version, actions: [{ action: 'rename', tag }] });
    }
    const swept = await new MessageRetention(pg, 't', { relayed: false }).sweep(
      new Date(Date.now() + 400 * 86_400_000),
    );
    expect(swept).toBeGreaterThanOrEqual(3);
    await engine.update(ctx, { id: thing.id }, { version: 4, actions: [{ action: 'rename', tag: 'd' }] });
    await engine.update(ctx, { id: thing.id }, { version: 5, actions: [{ action: 'tag', tag: 'e' }] });
    const rows = await pg.query<Array<{ sequence_number: number; type: string }>>(
      `SELECT sequence_number, type FROM "t"."messages" WHERE resource_id = $1 ORDER BY sequence_number`,
      [thing.id],
    );
    expect(rows).toEqual([
      { sequence_number: 4, type: 'ThingRenamed' },
      { sequence_number: 5, type: 'ThingTagged' },
    ]);
  });
});

describe(`${ResourceEngine.name}: an update at the version this process committed last`, () => {
  /** Another replica of the same service: its own memory, the same tables. */
  const replica = () =>
    new ResourceEngine(
      pg,
      new MessageLog('t', {
        get: async () => ({ messages: { enabled: true } }),
      } as unknown as ProjectSettings),
      definition,
    );

  it('writes without reading the document first, by id and by key', async () => {
    const thing = await engine.create(ctx, { name: 'r1', key: 'remembered-1' });
    const byId = jest.spyOn(table, 'findById');
    const byKey = jest.spyOn(table, 'findByKey');
    try {
      await engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'rename', tag: 'r2' }] });
      await engine.update(
        ctx,
        { key: 'remembered-1' },
        { version: 2, actions: [{ action: 'rename', tag: 'r3' }] },
      );
      expect(byId).not.toHaveBeenCalled();
      expect(byKey).not.toHaveBeenCalled();
    } finally {
      byId.mockRestore();
      byKey.mockRestore();
    }
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 3, name: 'r3' });
    expect(await messageTypes(thing.id)).toEqual(['ThingRenamed@2', 'ThingRenamed@3']);
  });

  it('answers 409 with the stored version when another replica wrote since, and writes nothing', async () => {
    const thing = await engine.create(ctx, { name: 's1' });
    await replica().update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'rename', tag: 's2' }] });
    await expect(
      engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'rename', tag: 'mine' }] }),
    ).rejects.toMatchObject({ errors: [{ code: 'ConcurrentModification', currentVersion: 2 }] });
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 2, name: 's2' });
    // The next update at the stored version goes through.
    await engine.update(ctx, { id: thing.id }, { version: 2, actions: [{ action: 'rename', tag: 's3' }] });
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 3, name: 's3' });
  });

  it('updates the document that has the key now when the remembered one was deleted elsewhere', async () => {
    const first = await engine.create(ctx, { name: 'k1', key: 'moved-key' });
    const other = replica();
    await other.delete(ctx, { id: first.id }, 1);
    const second = await other.create(ctx, { name: 'k2', key: 'moved-key' });
    const updated = await engine.update(
      ctx,
      { key: 'moved-key' },
      { version: 1, actions: [{ action: 'rename', tag: 'k3' }] },
    );
    expect(updated).toMatchObject({ id: second.id, version: 2, name: 'k3' });
    await expect(
      engine.update(ctx, { id: first.id }, { version: 1, actions: [{ action: 'rename', tag: 'gone' }] }),
    ).rejects.toMatchObject({ errors: [{ code: 'ResourceNotFound' }] });
  });

  it('never remembers a write that rolled back', async () => {
    const thing = await engine.create(ctx, { name: 'u1' });
    await expect(
      engine.update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'failingWrite', tag: 'u2' }] }),
    ).rejects.toThrow('the side table refused');
    await expect(
      engine.update(ctx, { id: thing.id }, { version: 2, actions: [{ action: 'rename', tag: 'u3' }] }),
    ).rejects.toMatchObject({ errors: [{ code: 'ConcurrentModification', currentVersion: 1 }] });
  });

  it('hands out the committed document, which no caller may change: in the test runs a change throws', async () => {
    const thing = await engine.create(ctx, { name: 'v1' });
    expect(() => {
      thing.name = 'changed by the caller';
    }).toThrow(TypeError);
    const updated = await engine.update(
      ctx,
      { id: thing.id },
      { version: 1, actions: [{ action: 'tag', tag: 't' }] },
    );
    expect(updated.name).toBe('v1');
    expect(engine.remembered(ctx, { id: thing.id }, 2)).toBe(updated);
    expect(() => {
      updated.name = 'changed again';
    }).toThrow(TypeError);
    const next = await engine.update(
      ctx,
      { id: thing.id },
      { version: 2, actions: [{ action: 'tag', tag: 'u' }] },
    );
    expect(next).toMatchObject({ version: 3, name: 'v1' });
  });

  it('takes the copy a caller already had from `remembered` without looking it up again', async () => {
    const thing = await engine.create(ctx, { name: 'w1' });
    const copy = engine.remembered(ctx, { id: thing.id }, 1)!;
    const at = jest.spyOn(RecentWrites.prototype, 'at');
    try {
      const updated = await engine.update(
        ctx,
        { id: thing.id },
        { version: 1, actions: [{ action: 'rename', tag: 'w2' }] },
        { doc: copy, remembered: true },
      );
      expect(updated).toMatchObject({ version: 2, name: 'w2' });
      expect(at).not.toHaveBeenCalled();
    } finally {
      at.mockRestore();
    }
  });

  it('answers 409 for a remembered copy another replica has overtaken, and writes nothing', async () => {
    const thing = await engine.create(ctx, { name: 'x1' });
    const copy = engine.remembered(ctx, { id: thing.id }, 1)!;
    await replica().update(ctx, { id: thing.id }, { version: 1, actions: [{ action: 'rename', tag: 'x2' }] });
    await expect(
      engine.update(
        ctx,
        { id: thing.id },
        { version: 1, actions: [{ action: 'rename', tag: 'mine' }] },
        { doc: copy, remembered: true },
      ),
    ).rejects.toMatchObject({ errors: [{ code: 'ConcurrentModification', currentVersion: 2 }] });
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 2, name: 'x2' });
  });

  it('keeps projects apart', async () => {
    const thing = await engine.create(ctx, { name: 'p', key: 'project-key-1' });
    await expect(
      engine.update(
        { ...ctx, projectKey: 'p2' },
        { key: 'project-key-1' },
        { version: 1, actions: [{ action: 'rename', tag: 'other project' }] },
      ),
    ).rejects.toMatchObject({ errors: [{ code: 'ResourceNotFound' }] });
    expect(await engine.get(ctx, { id: thing.id })).toMatchObject({ version: 1, name: 'p' });
  });
});
