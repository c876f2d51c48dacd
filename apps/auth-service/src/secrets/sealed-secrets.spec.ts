import type { RequestContext } from '@commerce/contracts';
import { testDatabase } from '@commerce/persistence/testing';
import { SecretBox, parseEncryptionKeys } from '@commerce/service-kit';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { authMigrations } from '../database/migrations/index.js';
import { sealedSecrets } from './sealed-secrets.js';

const box = new SecretBox(parseEncryptionKeys('K', `k1:${randomBytes(32).toString('base64')}`));
const ctx = (projectKey: string): RequestContext => ({ projectKey, correlationId: 'test', actor: {} });

describe(sealedSecrets.name, () => {
  let database: { db: DataSource; close(): Promise<void> };

  beforeAll(async () => {
    database = await testDatabase({ schema: 'auth', migrations: authMigrations });
  });
  afterAll(() => database.close());

  it.each(['extension', 'subscription'] as const)(
    'keeps %s secrets sealed at rest, per project, replaced and removed in place',
    async (owner) => {
      const { db } = database;
      const secrets = sealedSecrets(owner);
      await secrets.write(db, box, ctx('p1'), 'a', { authorization: 'Bearer one' });
      await secrets.write(db, box, ctx('p1'), 'a', { authorization: 'Bearer two' });
      await secrets.write(db, box, ctx('p2'), 'b', { secret: 'other project' });
      const [stored] = await db.query<Array<{ sealed: string }>>(
        `SELECT sealed FROM "auth"."${owner}_secrets" WHERE project_key = 'p1'`,
      );
      expect(stored.sealed).not.toContain('Bearer');
      expect(await secrets.readAll(db, box, 'p1')).toEqual(new Map([['a', { authorization: 'Bearer two' }]]));
      await secrets.remove(db, ctx('p1'), 'a');
      expect((await secrets.readAll(db, box, 'p1')).size).toBe(0);
      expect((await secrets.readAll(db, box, 'p2')).get('b')).toEqual({ secret: 'other project' });
    },
  );

  it("does not open a ciphertext moved to another resource's row", async () => {
    const { db } = database;
    const secrets = sealedSecrets('extension');
    await secrets.write(db, box, ctx('p3'), 'x', { authorization: 'Bearer x' });
    await db.query(`UPDATE "auth"."extension_secrets" SET extension_id = 'y' WHERE project_key = 'p3'`);
    await expect(secrets.readAll(db, box, 'p3')).rejects.toThrow();
  });
});
