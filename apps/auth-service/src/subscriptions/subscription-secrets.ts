import type { RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { SecretBox } from '@commerce/service-kit';

/** The sealing context binds a ciphertext to its project and Subscription: moved elsewhere, it does not open. */
const context = (projectKey: string, id: string) => `subscription:${projectKey}:${id}`;

/**
 * A Subscription's destination secrets, sealed (`SecretBox`) in `auth.subscription_secrets`, never in the
 * document the API returns. Written in the Subscription's own write transaction.
 */
export const subscriptionSecrets = {
  async write(
    tx: Queryable,
    box: SecretBox,
    ctx: RequestContext,
    id: string,
    secrets: Record<string, string>,
  ): Promise<void> {
    const sealed = box.seal(JSON.stringify(secrets), context(ctx.projectKey, id));
    await tx.query(
      `INSERT INTO "auth"."subscription_secrets" (project_key, subscription_id, sealed) VALUES ($1, $2, $3)
       ON CONFLICT (project_key, subscription_id) DO UPDATE SET sealed = EXCLUDED.sealed`,
      [ctx.projectKey, id, sealed],
    );
  },

  async remove(tx: Queryable, ctx: RequestContext, id: string): Promise<void> {
    await tx.query(`DELETE FROM "auth"."subscription_secrets" WHERE project_key = $1 AND subscription_id = $2`, [
      ctx.projectKey,
      id,
    ]);
  },

  /** Every Subscription's opened secrets of a project, by Subscription id. */
  async readAll(
    db: Queryable,
    box: SecretBox,
    projectKey: string,
  ): Promise<Map<string, Record<string, string>>> {
    const rows = await db.query<Array<{ subscription_id: string; sealed: string }>>(
      `SELECT subscription_id, sealed FROM "auth"."subscription_secrets" WHERE project_key = $1`,
      [projectKey],
    );
    return new Map(
      rows.map((row) => [
        row.subscription_id,
        JSON.parse(box.open(row.sealed, context(projectKey, row.subscription_id))) as Record<string, string>,
      ]),
    );
  },
};
