import { parseJsonText, rememberJsonText, type BaseResource, type PagedQueryResponse } from '@commerce/contracts';
import { Errors, duplicateFieldFromDriverError } from '@commerce/errors';
import {
  SqlParams,
  compileSort,
  compileWhereForPlan,
  type QueryParams,
  type QuerySchema,
} from '@commerce/query';
import { builtQuery, preparedQuery, statementNameFor } from './prepared.js';
import type { Queryable } from './queryable.js';

/** The largest `total` reported for a query with a predicate (spec: Limits). */
export const MAX_TOTAL_WITH_PREDICATE = 10_000;

/** The largest stored JSON document (spec: Limits, 16 MB hard limit), counted in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/**
 * A document as the JSON text that is stored, or 400 `ResourceSizeLimitExceeded` when it would be larger than
 * MAX_DOCUMENT_BYTES. Serialized once, here: the driver sends the text as it is, and the text is remembered for
 * the object (`rememberJsonText`), so what answers the document or keeps a copy of it does not serialize it again.
 */
export function serializeDocument(doc: object): string {
  const json = JSON.stringify(doc);
  // A UTF-8 byte is at most 3 per UTF-16 unit: short texts need no exact count.
  if (json.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(json, 'utf8') > MAX_DOCUMENT_BYTES) {
    throw Errors.resourceSizeLimitExceeded();
  }
  rememberJsonText(doc, json);
  return json;
}

interface DocRow<T> {
  doc: T;
}

/** A row of a statement that reads the document as text (`doc::text AS doc`), parsed by `parseJsonText`. */
interface TextRow {
  doc: string;
}

/**
 * A statement that goes with a write in the same statement, and takes effect only if the write did: e.g.
 * a change's Messages. One statement is atomic by itself, so no transaction (and none of its round trips)
 * is needed.
 */
export interface FollowUp {
  /** Names the prepared statement: one name must always give the same SQL. */
  name: string;
  /**
   * How many numbers the follow-up takes from the row's own counter `message_seq` (the Messages' sequence
   * numbers): the write advances the counter by this many in the same statement, and `written` carries the
   * advanced value as `message_seq`. The row lock of the write keeps the numbers of one row in commit order.
   */
  takes: number;
  /**
   * The SQL (an INSERT, UPDATE or DELETE) with its parameters numbered from `first`; `written` names a
   * relation that has a row (with `message_seq`) only if the write took place.
   */
  sql(first: number, written: string): string;
  values: unknown[];
}

interface PageRow<T> extends DocRow<T> {
  total: number;
}

/**
 * One resource table: every method takes the project key first, and every statement filters by it, so
 * one project's data can never answer another project's request.
 */
export class DocumentTable<T extends BaseResource & { key?: string }> {
  /** Names of the hot statements, prepared once per connection. */
  private readonly names: Record<
    'byId' | 'byKey' | 'findMany' | 'findManyLocked' | 'insert' | 'replace' | 'delete',
    string
  >;

  constructor(
    /** Schema-qualified, quoted table name, e.g. `"stores"."stores"`. */
    readonly table: string,
    readonly schema: QuerySchema,
    /**
     * The document field the `key` column holds, found by `findByKey` and kept unique per project: `key`, or
     * another identifier of a resource without a key (an Order's `orderNumber`).
     */
    private readonly keyField: string = 'key',
  ) {
    this.names = {
      byId: statementNameFor(table, 'by_id'),
      byKey: statementNameFor(table, 'by_key'),
      findMany: statementNameFor(table, 'find_many'),
      findManyLocked: statementNameFor(table, 'find_many_locked'),
      delete: statementNameFor(table, 'delete'),
      insert: statementNameFor(table, 'insert'),
      replace: statementNameFor(table, 'replace'),
    };
  }

  private keyOf(doc: T): string | null {
    const key = (doc as Record<string, unknown>)[this.keyField];
    return typeof key === 'string' ? key : null;
  }

  /** The document with id `id`, its JSON text remembered (`parseJsonText`): an answer sends it as it was read. */
  async findById(db: Queryable, projectKey: string, id: string): Promise<T | undefined> {
    const rows = await preparedQuery<TextRow>(
      db,
      this.names.byId,
      `SELECT doc::text AS doc FROM ${this.table} WHERE project_key = $1 AND id = $2`,
      [projectKey, id],
    );
    return rows.length > 0 ? parseJsonText<T>(rows[0].doc) : undefined;
  }

  /** The document with key `key`, its JSON text remembered, as `findById`. */
  async findByKey(db: Queryable, projectKey: string, key: string): Promise<T | undefined> {
    const rows = await preparedQuery<TextRow>(
      db,
      this.names.byKey,
      `SELECT doc::text AS doc FROM ${this.table} WHERE project_key = $1 AND key = $2`,
      [projectKey, key],
    );
    return rows.length > 0 ? parseJsonText<T>(rows[0].doc) : undefined;
  }

  /** By ids and keys; `lock` takes a key-share lock on each row (a deletion then waits for the transaction). */
  async findMany(
    db: Queryable,
    projectKey: string,
    by: { ids?: string[]; keys?: string[] },
    lock = false,
  ): Promise<T[]> {
    const rows = await preparedQuery<DocRow<T>>(
      db,
      lock ? this.names.findManyLocked : this.names.findMany,
      `SELECT doc FROM ${this.table} WHERE project_key = $1 AND (id = ANY($2::text[]) OR key = ANY($3::text[]))${
        lock ? ' FOR KEY SHARE' : ''
      }`,
      [projectKey, by.ids ?? [], by.keys ?? []],
    );
    return rows.map((row) => row.doc);
  }

  /**
   * One page and, with `withTotal`, its total in one statement. A page that is not full tells its total
   * itself (its offset plus its rows), so the matches are read once; a full page counts them in an
   * uncorrelated subquery, which PostgreSQL runs only when the CASE reaches it (an InitPlan, run on first
   * use), capped at MAX_TOTAL_WITH_PREDICATE when there is a predicate so counting stays bounded. A page that
   * comes back empty carries no total, so only then (and only beyond the first page) is the total counted on
   * its own. A page of `limit=0` (how clients count) holds nothing by request: it is not read at all, and its
   * total is counted on its own at any offset.
   */
  async query(db: Queryable, projectKey: string, params: QueryParams): Promise<PagedQueryResponse<T>> {
    const sql = new SqlParams(1);
    const hasPredicate = params.where.length > 0;
    const where = compileWhereForPlan(params.where, params.vars, this.schema, sql);
    const predicate = where.sql;
    const orderBy = compileSort(params.sort, this.schema);
    const filter = `FROM ${this.table} WHERE project_key = $1 AND (${predicate})`;
    const filterValues = [projectKey, ...sql.values];
    const limit = sql.add(params.limit);
    const offset = sql.add(params.offset);
    const pageSql = `${filter} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
    // The page's rows are all the table's columns, so the outer ORDER BY (the same sort, which PostgreSQL
    // knows the page already has) names them as the inner one does.
    const pageRows = `(SELECT * ${pageSql}) AS page ORDER BY ${orderBy}`;
    // Built from the request; prepared per shape when one plan fits all its values (equality on columns):
    // the next page of that shape is then neither parsed nor planned.
    const rows: PageRow<T>[] =
      params.limit === 0
        ? []
        : await builtQuery<PageRow<T>>(
            db,
            params.withTotal
              ? `SELECT doc, ${this.pageTotalSql(filter, hasPredicate, limit, offset)} AS total FROM ${pageRows}`
              : `SELECT doc ${pageSql}`,
            [projectKey, ...sql.values],
            where.samePlanForAllValues,
          );
    const page: PagedQueryResponse<T> = {
      limit: params.limit,
      offset: params.offset,
      count: rows.length,
      results: rows.map((row) => row.doc),
    };
    if (params.withTotal) {
      if (rows.length > 0) page.total = rows[0].total;
      else if (params.offset === 0 && params.limit > 0) page.total = 0;
      else {
        page.total = await this.count(db, filter, filterValues, hasPredicate, where.samePlanForAllValues);
      }
    }
    return page;
  }

  async existsWhere(
    db: Queryable,
    projectKey: string,
    where: string[],
    vars: Record<string, string[]>,
  ): Promise<boolean> {
    const sql = new SqlParams(1);
    const compiled = compileWhereForPlan(where, vars, this.schema, sql);
    const rows = await builtQuery(
      db,
      `SELECT 1 FROM ${this.table} WHERE project_key = $1 AND (${compiled.sql}) LIMIT 1`,
      [projectKey, ...sql.values],
      compiled.samePlanForAllValues,
    );
    return rows.length > 0;
  }

  /**
   * True when `insert` and `replace` are this class's own single statements, so that a write and its
   * follow-up are atomic without a transaction. A subclass that adds statements to them (e.g. claims in a
   * side table) needs the transaction, and gets it.
   */
  get writesAreSingleStatements(): boolean {
    const own = DocumentTable.prototype;
    return this.insert === own.insert && this.replace === own.replace;
  }

  /** Inserts, with `followUp` (e.g. the Messages) in the same statement. */
  async insert(db: Queryable, projectKey: string, doc: T, followUp?: FollowUp): Promise<void> {
    const json = serializeDocument(doc);
    const values = [
      doc.id,
      projectKey,
      this.keyOf(doc),
      doc.version,
      doc.createdAt,
      doc.lastModifiedAt,
      json,
    ];
    const columns = 'id, project_key, key, version, created_at, last_modified_at, doc';
    try {
      await this.write(
        db,
        this.names.insert,
        followUp
          ? `INSERT INTO ${this.table} (${columns}, message_seq)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING message_seq`
          : `INSERT INTO ${this.table} (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING 1`,
        values,
        followUp,
      );
    } catch (error) {
      throw duplicateFieldFromDriverError(error, doc as unknown as Record<string, unknown>) ?? error;
    }
  }

  /**
   * Writes a new version only if the stored one is still `expectedVersion`: the check is in the UPDATE
   * itself, so of two concurrent writers exactly one wins. Returns false when the version did not match.
   * `followUp` (e.g. the Messages) runs in the same statement, and only if the version matched. A document
   * over 16 MB is refused before anything is sent (`ResourceSizeLimitExceeded`).
   */
  async replace(
    db: Queryable,
    projectKey: string,
    doc: T,
    expectedVersion: number,
    followUp?: FollowUp,
  ): Promise<boolean> {
    const json = serializeDocument(doc);
    try {
      const set = 'key = $4, version = $5, last_modified_at = $6, doc = $7';
      const where = 'project_key = $1 AND id = $2 AND version = $3';
      const rows = await this.write(
        db,
        this.names.replace,
        followUp
          ? `UPDATE ${this.table} SET ${set}, message_seq = message_seq + $8 WHERE ${where} RETURNING message_seq`
          : `UPDATE ${this.table} SET ${set} WHERE ${where} RETURNING 1`,
        [projectKey, doc.id, expectedVersion, this.keyOf(doc), doc.version, doc.lastModifiedAt, json],
        followUp,
      );
      return rows.length === 1;
    } catch (error) {
      throw duplicateFieldFromDriverError(error, doc as unknown as Record<string, unknown>) ?? error;
    }
  }

  /**
   * One prepared statement: the write as a CTE, and the follow-up conditioned on it. With a follow-up, the
   * write's SQL takes one more parameter (after `values`): how far it advances the row's `message_seq`.
   */
  private write(
    db: Queryable,
    name: string,
    sql: string,
    values: unknown[],
    followUp: FollowUp | undefined,
  ): Promise<unknown[]> {
    if (!followUp) return preparedQuery(db, name, `WITH written AS (${sql}) SELECT 1 FROM written`, values);
    const withTakes = [...values, followUp.takes];
    return preparedQuery(
      db,
      `${name}_${followUp.name}`,
      `WITH written AS (${sql}), follow_up AS (${followUp.sql(withTakes.length + 1, 'written')})
       SELECT 1 FROM written`,
      [...withTakes, ...followUp.values],
    );
  }

  /** Deletes only at `expectedVersion`; returns the deleted resource, or undefined on a version mismatch. */
  async delete(
    db: Queryable,
    projectKey: string,
    id: string,
    expectedVersion: number,
  ): Promise<T | undefined> {
    const rows = await preparedQuery<DocRow<T>>(
      db,
      this.names.delete,
      `WITH gone AS (
         DELETE FROM ${this.table} WHERE project_key = $1 AND id = $2 AND version = $3 RETURNING doc)
       SELECT doc FROM gone`,
      [projectKey, id, expectedVersion],
    );
    return rows[0]?.doc;
  }

  /** A page's total, for each of its rows: see `query`. `limit` and `offset` are the page's parameters. */
  private pageTotalSql(filter: string, hasPredicate: boolean, limit: string, offset: string): string {
    const rows = 'count(*) OVER ()';
    const told = `${offset}::bigint + ${rows}`;
    const known = hasPredicate ? `LEAST(${told}, ${MAX_TOTAL_WITH_PREDICATE})` : told;
    return `CASE WHEN ${rows} < ${limit}::bigint THEN (${known})::int
      ELSE (${this.countSql(filter, hasPredicate)}) END`;
  }

  private countSql(filter: string, hasPredicate: boolean): string {
    return hasPredicate
      ? `SELECT count(*)::int FROM (SELECT 1 ${filter} LIMIT ${MAX_TOTAL_WITH_PREDICATE}) AS capped`
      : `SELECT count(*)::int ${filter}`;
  }

  private async count(
    db: Queryable,
    filter: string,
    values: unknown[],
    hasPredicate: boolean,
    prepare: boolean,
  ): Promise<number> {
    const rows = await builtQuery<{ n: number }>(
      db,
      `SELECT (${this.countSql(filter, hasPredicate)}) AS n`,
      values,
      prepare,
    );
    return rows[0]?.n ?? 0;
  }
}
