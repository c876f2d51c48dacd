import { ProductShape, type Product } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { DocumentTable, type Queryable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';
import { deleteProjections, writeProjections } from '../product-projections/projection-rows.js';
import { indexImageFiles, unindexImageFiles } from './image-files/image-file-index.js';
import { identifiersOf } from './product-identifiers.js';

const IDENTIFIERS = '"catalog"."product_identifiers"';

/**
 * Products, with their SKUs and slugs claimed in `product_identifiers` in the same transaction: the primary
 * key there makes each one unique per project even between concurrent writers (`DuplicateField`). Its
 * projections (`product_search`) are rewritten in the same transaction, so queries and searches see every write,
 * and so is the index of the uploaded image files it shows (`product_image_files`, docs/DECISIONS.md).
 */
export class ProductsTable extends DocumentTable<Product> {
  constructor() {
    super('"catalog"."products"', querySchemaOf(ProductShape));
  }

  override async insert(db: Queryable, projectKey: string, product: Product): Promise<void> {
    await super.insert(db, projectKey, product);
    await this.claim(db, projectKey, product);
    await indexImageFiles(db, projectKey, product);
    await writeProjections(db, projectKey, product);
  }

  override async replace(
    db: Queryable,
    projectKey: string,
    product: Product,
    expectedVersion: number,
  ): Promise<boolean> {
    if (!(await super.replace(db, projectKey, product, expectedVersion))) return false;
    await db.query(`DELETE FROM ${IDENTIFIERS} WHERE product_id = $1`, [product.id]);
    await this.claim(db, projectKey, product);
    await indexImageFiles(db, projectKey, product);
    await writeProjections(db, projectKey, product);
    return true;
  }

  override async delete(db: Queryable, projectKey: string, id: string, expectedVersion: number) {
    const deleted = await super.delete(db, projectKey, id, expectedVersion);
    if (deleted) {
      await db.query(`DELETE FROM ${IDENTIFIERS} WHERE product_id = $1`, [id]);
      await unindexImageFiles(db, projectKey, id);
      await deleteProjections(db, projectKey, id);
    }
    return deleted;
  }

  private async claim(db: Queryable, projectKey: string, product: Product): Promise<void> {
    const identifiers = identifiersOf(product);
    if (identifiers.length === 0) return;
    const claimed = await db.query<Array<{ kind: string; value: string }>>(
      `INSERT INTO ${IDENTIFIERS} (project_key, kind, value, product_id)
       SELECT $1, kind, value, $2 FROM unnest($3::text[], $4::text[]) AS claimed(kind, value)
       ON CONFLICT (project_key, kind, value) DO NOTHING
       RETURNING kind, value`,
      [projectKey, product.id, identifiers.map((i) => i.kind), identifiers.map((i) => i.value)],
    );
    if (claimed.length === identifiers.length) return;
    const taken = identifiers.find((i) => !claimed.some((c) => c.kind === i.kind && c.value === i.value))!;
    throw Errors.duplicateField(taken.kind, taken.value);
  }
}

export const productsTable = new ProductsTable();
