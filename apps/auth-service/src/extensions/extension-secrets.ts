import type { RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { SecretBox } from '@commerce/service-kit';

/** The sealing context binds a ciphertext to its project and extension: moved elsewhere, it does not open. */
const context = (projectKey: string, id: string) => `extension:${projectKey}:${id}`;

/**
 * An extension's destination secrets, sealed (`SecretBox`) in `auth.extension_secrets`, never in the
 * document the API returns. Written in the extension's own write transaction.
 */
export const extensionSecrets = {
  async write(
    tx: Queryable,
    box: SecretBox,
    ctx: RequestContext,
    id: string,
    secrets: Record<string, string>,
  ): Promise<void> {
    const sealed = box.seal(JSON.stringify(secrets), context(ctx.projectKey, id));
    await tx.query(
      `INSERT INTO "auth"."extension_secrets" (project_key, extension_id, sealed) VALUES ($1, $2, $3)
       ON CONFLICT (project_key, extension_id) DO UPDATE SET sealed = EXCLUDED.sealed`,
      [ctx.projectKey, id, sealed],
    );
  },

  async remove(tx: Queryable, ctx: RequestContext, id: string): Promise<void> {
    await tx.query(`DELETE FROM "auth"."extension_secrets" WHERE project_key = $1 AND extension_id = $2`, [
      ctx.projectKey,
      id,
    ]);
  },

  /** Every extension's opened secrets of a project, by extension id. */
  async readAll(
    db: Queryable,
    box: SecretBox,
    projectKey: string,
  ): Promise<Map<string, Record<string, string>>> {
    const rows = await db.query<Array<{ extension_id: string; sealed: string }>>(
      `SELECT extension_id, sealed FROM "auth"."extension_secrets" WHERE project_key = $1`,
      [projectKey],
    );
    return new Map(
      rows.map((row) => [
        row.extension_id,
        JSON.parse(box.open(row.sealed, context(projectKey, row.extension_id))) as Record<string, string>,
      ]),
    );
  },
};
