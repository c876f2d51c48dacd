import pg from 'pg';

/** The part of a `pg` client (a pool's or a transaction's connection) a statement runs on. */
export interface PgQueryClient {
  query(query: pg.Query): unknown;
}

/*
 * `pg`'s private parts this module relies on, and the only place it does (`pg-query.spec.ts` fails when an upgrade
 * of `pg` changes any of them):
 * - a `Query`'s `name`, which names its prepared statement on the connection;
 * - `Query.prepare(connection)`, which sends Parse (once per connection), Bind, Describe portal, Execute and Sync,
 *   and the parts of it that run a statement without Describe (`hasBeenParsed`, `_getRows`, the bind's
 *   `utils.prepareValue`, the close and sync after a failed bind);
 * - `Query.handleRowDescription` and `Query.handleError`, and what the first builds on the `Result` from a
 *   RowDescription (`fields`, `_parsers`, `_prebuiltEmptyResultObject`, from `_types`) and sets on the `Query`
 *   (`_accumulateRows`).
 */

/** A column of a RowDescription as `pg-protocol` parses it (what `Result.addFields` reads). */
interface PgFieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** `pg`'s `Connection`: one per client, and so per PostgreSQL session. */
interface PgConnection {
  bind(config: {
    portal: string;
    statement: string | undefined;
    values: unknown[];
    binary: boolean | undefined;
    valueMapper: (value: unknown) => unknown;
  }): void;
  close(message: { type: 'S'; name: string | undefined }): void;
  sync(): void;
}

/** `pg`'s `Result`: what `addFields` builds from a RowDescription and `parseRow` reads for every row. */
interface PgResult {
  fields: PgFieldDescription[];
  _parsers: Array<(text: string) => unknown> | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
  _types: unknown;
}

/** `pg`'s `Query`, as far as this module uses it. */
interface PgQuery {
  name: string | undefined;
  text: string;
  values: unknown[];
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  callback: unknown;
  _result: PgResult;
  _accumulateRows: unknown;
  listeners(event: 'row'): unknown[];
  hasBeenParsed(connection: PgConnection): boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: PgFieldDescription[] }): void;
  handleError(error: Error, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
}

type QueryCallback = (error: Error | undefined, result: { rows: unknown[] }) => void;

const PgQueryBase = pg.Query as unknown as new (
  text: string,
  values: unknown[],
  callback: QueryCallback,
) => PgQuery;

/** How `pg` turns a JavaScript value into a parameter's text (`pg/lib/utils`). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** A named statement's result as `Result.addFields` built it from the statement's RowDescription. */
interface Described {
  fields: PgFieldDescription[];
  parsers: PgResult['_parsers'];
  emptyRow: PgResult['_prebuiltEmptyResultObject'];
  /** The type parsers they were taken from (the client's `TypeOverrides`). */
  types: unknown;
}

/**
 * The results of the named statements described on each connection, by statement name. PostgreSQL keeps a
 * named statement's result type fixed for as long as the statement exists (a schema change that would change it
 * fails the statement with `cached plan must not change result type`), so a description stays true until the
 * statement errs; any error of the name forgets it, and the next run describes again. (A table dropped and made
 * again with the same columns leaves the statement valid with the old table's `tableID` in its fields, which no
 * row reads.) A connection's entries go with the connection, as `pg`'s parsed statements do.
 */
const describedOn = new WeakMap<PgConnection, Map<string, Described>>();

/**
 * A `Query` that asks for a named statement's RowDescription only the first time on a connection. `pg` asks
 * for it on every run, then parses the message and builds the result's parsers from it each time (2.5 % of a
 * cart change's Node CPU, docs/PERFORMANCE.md). Later runs send Bind, Execute and Sync as
 * `pg`'s `prepare` does, and the result takes the fields and parsers built the first time, so rows are parsed
 * exactly as before. Unnamed statements and statements without rows (NoData) run as `pg` runs them.
 */
class DescribedQuery extends PgQueryBase {
  /** The connection the statement was sent on (a RowDescription's message does not carry it). */
  private sentOn: PgConnection | undefined;

  constructor(name: string | undefined, text: string, values: unknown[], callback: QueryCallback) {
    super(text, values, callback);
    if (name) this.name = name;
  }

  override prepare(connection: PgConnection): void {
    this.sentOn = connection;
    const name = this.name;
    const described = name ? describedOn.get(connection)?.get(name) : undefined;
    if (!described || described.types !== this._result._types || !this.hasBeenParsed(connection)) {
      super.prepare(connection);
      return;
    }
    // pg's prepare from the Bind on, less the Describe.
    try {
      connection.bind({
        portal: this.portal,
        statement: name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name });
      connection.sync();
      this.handleError(error as Error, connection);
      return;
    }
    const result = this._result;
    result.fields = described.fields;
    result._parsers = described.parsers;
    result._prebuiltEmptyResultObject = described.emptyRow;
    this._accumulateRows = this.callback || !this.listeners('row').length;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: { fields: PgFieldDescription[] }): void {
    super.handleRowDescription(message);
    const { name, sentOn: connection } = this;
    if (!name || !connection) return;
    let described = describedOn.get(connection);
    if (!described) describedOn.set(connection, (described = new Map<string, Described>()));
    const result = this._result;
    described.set(name, {
      fields: result.fields,
      parsers: result._parsers,
      emptyRow: result._prebuiltEmptyResultObject,
      types: result._types,
    });
  }

  override handleError(error: Error, connection: PgConnection): void {
    // The statement may be gone (DEALLOCATE, DISCARD) or its result type changed: describe it again next time.
    if (this.name) describedOn.get(connection)?.delete(this.name);
    super.handleError(error, connection);
  }
}

/**
 * Runs `text` with `values` on `client`, prepared under `name` when given, and answers its rows. The same as
 * `client.query({ name, text, values })`, without the copy `pg` makes of such a config object for every query
 * (`cloneQueryConfig`: property descriptors copied one by one, 3 to 9 µs a statement, docs/PERFORMANCE.md): the
 * `Query` is made from the text, which `pg` takes as it is, and named after. A named statement is described
 * once per connection (`DescribedQuery`).
 */
export function runQuery<R>(
  client: PgQueryClient,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return new Promise<R[]>((resolve, reject) => {
    const query = new DescribedQuery(name, text, values, (error, result) =>
      error ? reject(error) : resolve(result.rows as R[]),
    );
    client.query(query as unknown as pg.Query);
  });
}
