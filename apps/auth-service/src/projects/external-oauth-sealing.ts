import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import {
  externalOAuthContext,
  isPlain,
  sealExternalOAuth,
  type StoredExternalOAuth,
  type StoredProject,
} from './external-oauth.js';

const PAGE = 100;
/** A row changed by a concurrent update is read again; a write seals it anyway, so few tries suffice. */
const TRIES = 5;

/**
 * The data migration of external OAuth headers, run at every start of auth-service (it needs the service's
 * keys, which the schema migrations do not have): rows written before headers were sealed hold the header as
 * sent; they are sealed, and headers sealed under an older key are re-sealed under the first one (rotation).
 * Idempotent and safe beside other replicas and live updates: each row is written only at the version it was
 * read at (the project's version does not change; its answers are the same), else read again. Without keys it
 * does nothing (the platform refuses new headers then; old rows keep working as they are).
 */
@Injectable()
export class ExternalOAuthSealing implements OnApplicationBootstrap {
  private readonly logger = new Logger(ExternalOAuthSealing.name);

  constructor(
    private readonly db: DataSource,
    private readonly secrets: AuthSecrets,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sealed = await this.run();
    if (sealed > 0) this.logger.log(`Sealed the external OAuth headers of ${sealed} projects.`);
  }

  /** Seals or re-seals every header that needs it; the number of projects written. */
  async run(): Promise<number> {
    if (!this.secrets.configured) return 0;
    let after = '';
    let written = 0;
    for (;;) {
      const page = await this.db.query<Array<{ key: string; version: number; doc: StoredProject }>>(
        `SELECT key, version, doc FROM "auth"."projects"
         WHERE key > $1 AND doc ? 'externalOAuth' ORDER BY key LIMIT ${PAGE}`,
        [after],
      );
      for (const row of page) if (await this.seal(row)) written++;
      if (page.length < PAGE) return written;
      after = page[page.length - 1].key;
    }
  }

  private async seal(row: { key: string; version: number; doc: StoredProject }): Promise<boolean> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const next = this.sealed(row.doc);
      if (!next) return false;
      const updated = await this.db.query<unknown[]>(
        `WITH changed AS (
           UPDATE "auth"."projects" SET doc = $3 WHERE key = $1 AND version = $2 RETURNING 1)
         SELECT * FROM changed`,
        [row.key, row.version, { ...row.doc, externalOAuth: next }],
      );
      if (updated.length === 1) return true;
      const [latest] = await this.db.query<Array<{ version: number; doc: StoredProject }>>(
        `SELECT version, doc FROM "auth"."projects" WHERE key = $1`,
        [row.key],
      );
      if (!latest) return false;
      row = { key: row.key, ...latest };
    }
    this.logger.warn({
      projectKey: row.key,
      msg: 'external OAuth header not sealed: the project kept changing',
    });
    return false;
  }

  /** The header as it should be stored, or undefined when it already is (or cannot be opened to re-seal). */
  private sealed(doc: StoredProject): StoredExternalOAuth | undefined {
    const stored = doc.externalOAuth;
    if (!stored) return undefined;
    const box = this.secrets.sealer('an external OAuth Authorization header');
    if (isPlain(stored)) return sealExternalOAuth(doc.key, stored, box);
    const context = externalOAuthContext(doc.key);
    if (!box.needsReseal(stored.authorizationHeaderSealed, context)) return undefined;
    const authorizationHeader = box.open(stored.authorizationHeaderSealed, context);
    return sealExternalOAuth(doc.key, { url: stored.url, authorizationHeader }, box);
  }
}
