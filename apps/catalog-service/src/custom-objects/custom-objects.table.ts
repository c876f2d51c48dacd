import { CustomObjectShape, type CustomObject } from '@commerce/contracts';
import { DocumentTable, type Queryable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** Custom Objects: `key` is unique within a container (`custom_objects_container_key_uq`). */
class CustomObjectsTable extends DocumentTable<CustomObject> {
  async findByName(
    db: Queryable,
    projectKey: string,
    container: string,
    key: string,
  ): Promise<CustomObject | undefined> {
    const rows = await db.query<{ doc: CustomObject }[]>(
      `SELECT doc FROM ${this.table} WHERE project_key = $1 AND container = $2 AND key = $3`,
      [projectKey, container, key],
    );
    return rows[0]?.doc;
  }
}

export const customObjectsTable = new CustomObjectsTable(
  '"catalog"."custom_objects"',
  querySchemaOf(CustomObjectShape),
);
