import type { RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { SecretBox } from '@commerce/service-kit';

/** The outbound integrations whose destination secrets are sealed: each has its table of secrets. */
export type SealedSecretsOwner = 'extension' | 'subscription';

/** A resource's sealed secrets: written and removed in its own write transaction, read all at once. */
export interface SealedSecrets {
  write(
    tx: Queryable,
    box: SecretBox,
    ctx: RequestContext,
    id: string,
    secrets: Record<string, string>,
  ): Promise<void>;
  remove(tx: Queryable, ctx: RequestContext, id: string): Promise<void>;
  /** Every resource's opened secrets of a project, by resource id. */
  readAll(db: Queryable, box: SecretBox, projectKey: string): Promise<Map<string, Record<string, string>>>;
}

/**
 * The destination secrets of an API Extension or a Subscription, sealed (`SecretBox`) in
 * `auth.<owner>_secrets` (`project_key`, `<owner>_id`, `sealed`), never in the document the API returns. The
 * sealing context binds a ciphertext to its project and resource: moved elsewhere, it does not open.
 */
export function sealedSecrets(owner: SealedSecretsOwner): SealedSecrets {
  // Fixed identifiers of our own schema (the owner is one of two literals), never input.
  const table = `"auth"."${owner}_secrets"`;
  const idColumn = `${owner}_id`;
  const context = (projectKey: string, id: string) => `${owner}:${projectKey}:${id}`;
  return {
    async write(tx, box, ctx, id, secrets) {
      const sealed = box.seal(JSON.stringify(secrets), context(ctx.projectKey, id));
      await tx.query(
        `INSERT INTO ${table} (project_key, ${idColumn}, sealed) VALUES ($1, $2, $3)
         ON CONFLICT (project_key, ${idColumn}) DO UPDATE SET sealed = EXCLUDED.sealed`,
        [ctx.projectKey, id, sealed],
      );
    },

    async remove(tx, ctx, id) {
      await tx.query(`DELETE FROM ${table} WHERE project_key = $1 AND ${idColumn} = $2`, [
        ctx.projectKey,
        id,
      ]);
    },

    async readAll(db, box, projectKey) {
      const rows = await db.query<Array<{ id: string; sealed: string }>>(
        `SELECT ${idColumn} AS id, sealed FROM ${table} WHERE project_key = $1`,
        [projectKey],
      );
      return new Map(
        rows.map((row) => [
          row.id,
          JSON.parse(box.open(row.sealed, context(projectKey, row.id))) as Record<string, string>,
        ]),
      );
    },
  };
}
