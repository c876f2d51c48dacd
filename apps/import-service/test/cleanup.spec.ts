import 'reflect-metadata';
import type { ImportContainer, ImportOperation, PriceImport } from '@commerce/contracts';
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadImportConfig } from '../src/config.js';
import { ContainersRepository } from '../src/containers/containers.repository.js';
import { importMigrations } from '../src/database/migrations/index.js';
import { OperationsRepository } from '../src/operations/operations.repository.js';
import { ImportCleanup } from '../src/processing/import-cleanup.js';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function container(key: string, expiresInMs: number): ImportContainer {
  return {
    key,
    version: 1,
    createdAt: iso(-HOUR),
    lastModifiedAt: iso(-HOUR),
    expiresAt: iso(expiresInMs),
  };
}

function operation(containerKey: string, createdAgoMs: number): ImportOperation {
  return {
    id: randomUUID(),
    version: 1,
    importContainerKey: containerKey,
    resourceKey: `price-${randomUUID().slice(0, 8)}`,
    state: 'processing',
    createdAt: iso(-createdAgoMs),
    lastModifiedAt: iso(-createdAgoMs),
    expiresAt: iso(48 * HOUR - createdAgoMs),
  } as ImportOperation;
}

describe(ImportCleanup.name, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;
  const containers = new ContainersRepository();
  const operations = new OperationsRepository();

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = await openDatabase({
      url: embedded.url,
      schema: 'import',
      migrations: importMigrations,
      poolSize: 2,
    });
  });

  afterAll(async () => {
    await db?.destroy();
    await embedded?.stop();
  });

  const add = (containerKey: string, ops: ImportOperation[]) =>
    operations.insertMany(
      db,
      'p1',
      containerKey,
      ops.map((op) => ({
        operation: op,
        groupKey: 'product-1',
        resource: { key: op.resourceKey } as PriceImport,
        actor: { clientId: 'c1' },
      })),
    );

  it('deletes expired containers with all their operations, and operations past their 48 hours', async () => {
    await containers.insert(db, 'p1', container('expired', -1_000));
    await containers.insert(db, 'p1', container('live', 24 * HOUR));
    const ofExpired = [operation('expired', HOUR), operation('expired', HOUR)];
    const fresh = operation('live', HOUR);
    const old = operation('live', 49 * HOUR);
    await add('expired', ofExpired);
    await add('live', [fresh, old]);

    const cleanup = new ImportCleanup(db, containers, operations, loadImportConfig());
    expect(await cleanup.sweep()).toEqual({ containers: 1, operations: 1 });

    expect(await containers.find(db, 'p1', 'expired')).toBeUndefined();
    expect(await containers.find(db, 'p1', 'live')).toMatchObject({ key: 'live' });
    for (const gone of [...ofExpired, old]) expect(await operations.find(db, 'p1', gone.id)).toBeUndefined();
    expect(await operations.find(db, 'p1', fresh.id)).toMatchObject({ id: fresh.id });
    expect(await cleanup.sweep()).toEqual({ containers: 0, operations: 0 });
  });
});
