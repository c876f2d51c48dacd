import pg from 'pg';

/** The part of a `pg` client (a pool's or a transaction's connection) a statement runs on. */
export interface PgQueryClient {
  query(query: pg.Query): unknown;
}

/**
 * `pg`'s private part this module relies on, and the only place it does: a `Query`'s `name`, which names its
 * prepared statement on the connection. `pg-query.spec.ts` fails when an upgrade of `pg` changes it.
 */
interface NamedQuery {
  name?: string;
}

/**
 * Runs `text` with `values` on `client`, prepared under `name` when given, and answers its rows. The same as
 * `client.query({ name, text, values })`, without the copy `pg` makes of such a config object for every query
 * (`cloneQueryConfig`: property descriptors copied one by one, 3 to 9 µs a statement, docs/PERFORMANCE.md): the
 * `Query` is made from the text, which `pg` takes as it is, and named after.
 */
export function runQuery<R>(
  client: PgQueryClient,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return new Promise<R[]>((resolve, reject) => {
    const query = new pg.Query(text, values, (error, result) =>
      error ? reject(error) : resolve((result as unknown as { rows: R[] }).rows),
    );
    if (name) (query as unknown as NamedQuery).name = name;
    client.query(query);
  });
}
