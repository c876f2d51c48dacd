import type { RequestContext } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import type { EventBus, RpcClient } from '@commerce/messaging';
import { testDatabase } from '@commerce/persistence/testing';
import { SecretBox, parseEncryptionKeys } from '@commerce/service-kit';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import type { AuthConfig } from '../auth.config.js';
import { authMigrations } from '../database/migrations/index.js';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import { externalOAuthContext, sealExternalOAuth } from './external-oauth.js';
import { ExternalOAuthSealing } from './external-oauth-sealing.js';
import { newProject } from './project.defaults.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const OLD = keyText('old');
const NEW = keyText('new');
const HEADER = 'Bearer external-introspection-credential-1234';
const URL = 'https://auth.example.com/introspect';

const secretsOf = (keys?: string) =>
  new AuthSecrets({
    SECRETS_ENCRYPTION_KEYS: keys ? parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', keys) : undefined,
  } as AuthConfig);
const ctx = (projectKey: string): RequestContext => ({ projectKey, correlationId: 'test', actor: {} });

describe('external OAuth header at rest', () => {
  let database: { db: DataSource; close(): Promise<void> };
  let db: DataSource;

  beforeAll(async () => {
    database = await testDatabase({ schema: 'auth', migrations: authMigrations });
    db = database.db;
  });
  afterAll(() => database.close());

  /** A project row as auth-service wrote it before headers were sealed: the header as sent. */
  async function writeOldWay(key: string, externalOAuth?: object): Promise<void> {
    const doc = { ...newProject({ key }, new Date()), ...(externalOAuth ? { externalOAuth } : {}) };
    await db.query(
      `INSERT INTO "auth"."projects" (key, version, created_at, doc) VALUES ($1, 1, now(), $2)`,
      [key, doc],
    );
  }
  const column = async (key: string) =>
    (
      await db.query<Array<{ doc: string; version: number }>>(
        `SELECT doc::text AS doc, version FROM "auth"."projects" WHERE key = $1`,
        [key],
      )
    )[0];
  const service = (secrets: AuthSecrets) =>
    new ProjectsService(
      db,
      new ProjectsRepository(db),
      {} as ApiClientsRepository,
      {} as RpcClient,
      { publish: async () => undefined } as unknown as EventBus,
      secrets,
    );

  it('the migration seals a header written the old way and re-seals one of an older key, once', async () => {
    await writeOldWay('legacy', { url: URL, authorizationHeader: HEADER });
    const oldBox = new SecretBox(parseEncryptionKeys('K', OLD));
    await writeOldWay(
      'rotated',
      sealExternalOAuth('rotated', { url: URL, authorizationHeader: HEADER }, oldBox),
    );
    await writeOldWay('without');
    expect((await column('legacy')).doc).toContain(HEADER);

    const secrets = secretsOf(`${NEW},${OLD}`);
    const sealing = new ExternalOAuthSealing(db, secrets);
    expect(await sealing.run()).toBe(2);
    for (const key of ['legacy', 'rotated']) {
      const row = await column(key);
      expect(row.doc).not.toContain('external-introspection-credential');
      expect(row.doc).toContain('"authorizationHeaderSealed": "v1.new.');
      expect(row.version).toBe(1);
      expect(await service(secrets).externalOAuth(ctx(key))).toEqual({
        externalOAuth: { url: URL, authorizationHeader: HEADER },
      });
      expect((await service(secrets).get(ctx(key))).externalOAuth).toEqual({
        url: URL,
        authorizationHeader: 'Bearer ****1234',
      });
    }
    expect(await sealing.run()).toBe(0);
    // The old key can go now.
    expect(await service(secretsOf(NEW)).externalOAuth(ctx('rotated'))).toMatchObject({
      externalOAuth: { authorizationHeader: HEADER },
    });
  });

  it('setExternalOAuth stores the header sealed for its project, never as sent', async () => {
    await writeOldWay('fresh');
    const secrets = secretsOf(NEW);
    const answer = await service(secrets).update(ctx('fresh'), {
      version: 1,
      actions: [{ action: 'setExternalOAuth', externalOAuth: { url: URL, authorizationHeader: HEADER } }],
    });
    expect(answer.externalOAuth).toEqual({ url: URL, authorizationHeader: 'Bearer ****1234' });
    const row = await column('fresh');
    expect(row.doc).not.toContain('external-introspection-credential');
    const sealed = JSON.parse(row.doc).externalOAuth.authorizationHeaderSealed as string;
    const box = new SecretBox(parseEncryptionKeys('K', NEW));
    expect(box.open(sealed, externalOAuthContext('fresh'))).toBe(HEADER);
    expect(() => box.open(sealed, externalOAuthContext('legacy'))).toThrow();
    expect(await service(secrets).externalOAuth(ctx('fresh'))).toEqual({
      externalOAuth: { url: URL, authorizationHeader: HEADER },
    });
  });

  it('any write seals a header kept from an old row', async () => {
    await writeOldWay('renamed', { url: URL, authorizationHeader: HEADER });
    await service(secretsOf(NEW)).update(ctx('renamed'), {
      version: 1,
      actions: [{ action: 'changeName', name: 'Renamed' }],
    });
    const row = await column('renamed');
    expect(row.doc).not.toContain('external-introspection-credential');
    expect(row.version).toBe(2);
  });

  it('without keys: old rows keep working as they are, a new header is refused', async () => {
    await writeOldWay('keyless', { url: URL, authorizationHeader: HEADER });
    const secrets = secretsOf(undefined);
    expect(await new ExternalOAuthSealing(db, secrets).run()).toBe(0);
    expect(await service(secrets).externalOAuth(ctx('keyless'))).toEqual({
      externalOAuth: { url: URL, authorizationHeader: HEADER },
    });
    const error = await service(secrets)
      .update(ctx('keyless'), {
        version: 1,
        actions: [
          { action: 'setExternalOAuth', externalOAuth: { url: URL, authorizationHeader: 'Basic other' } },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  it('a header sealed under a key no longer configured fails the introspection, naming no secret', async () => {
    const error = await service(secretsOf(keyText('other')))
      .externalOAuth(ctx('fresh'))
      .catch((e: unknown) => e);
    expect((error as ApiError).errors[0]).toMatchObject({ code: 'ExternalOAuthFailed' });
    expect(JSON.stringify((error as ApiError).errors)).not.toContain('external-introspection-credential');
  });
});
