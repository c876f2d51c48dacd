import { CategoryShape, type Category } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { DocumentTable, type Queryable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

const SLUGS = '"catalog"."category_slugs"';

/**
 * Categories, with each localized slug claimed in `category_slugs` in the same transaction: its primary key
 * makes a slug unique per locale within the project even between concurrent writers (`DuplicateField`).
 */
export class CategoriesTable extends DocumentTable<Category> {
  constructor() {
    super('"catalog"."categories"', querySchemaOf(CategoryShape));
  }

  override async insert(db: Queryable, projectKey: string, category: Category): Promise<void> {
    await super.insert(db, projectKey, category);
    await this.claim(db, projectKey, category);
  }

  override async replace(
    db: Queryable,
    projectKey: string,
    category: Category,
    expectedVersion: number,
  ): Promise<boolean> {
    if (!(await super.replace(db, projectKey, category, expectedVersion))) return false;
    await db.query(`DELETE FROM ${SLUGS} WHERE category_id = $1`, [category.id]);
    await this.claim(db, projectKey, category);
    return true;
  }

  override async delete(db: Queryable, projectKey: string, id: string, expectedVersion: number) {
    const deleted = await super.delete(db, projectKey, id, expectedVersion);
    if (deleted) await db.query(`DELETE FROM ${SLUGS} WHERE category_id = $1`, [id]);
    return deleted;
  }

  /** Every Category below `id` (its `ancestors` name it), locked for the running transaction. */
  async descendants(db: Queryable, projectKey: string, id: string, lock = false): Promise<Category[]> {
    const rows = await db.query<Array<{ doc: Category }>>(
      `SELECT doc FROM ${this.table} WHERE project_key = $1 AND doc->'ancestors' @> $2::jsonb
       ORDER BY jsonb_array_length(doc->'ancestors')${lock ? ' FOR UPDATE' : ''}`,
      [projectKey, JSON.stringify([{ id }])],
    );
    return rows.map((row) => row.doc);
  }

  private async claim(db: Queryable, projectKey: string, category: Category): Promise<void> {
    const slugs = Object.entries(category.slug);
    if (slugs.length === 0) return;
    const claimed = await db.query<Array<{ locale: string }>>(
      `INSERT INTO ${SLUGS} (project_key, locale, slug, category_id)
       SELECT $1, locale, slug, $2 FROM unnest($3::text[], $4::text[]) AS claimed(locale, slug)
       ON CONFLICT (project_key, locale, slug) DO NOTHING
       RETURNING locale`,
      [projectKey, category.id, slugs.map(([locale]) => locale), slugs.map(([, slug]) => slug)],
    );
    if (claimed.length === slugs.length) return;
    const [locale, slug] = slugs.find(([l]) => !claimed.some((c) => c.locale === l))!;
    throw Errors.duplicateField(`slug.${locale}`, slug);
  }
}

export const categoriesTable = new CategoriesTable();
