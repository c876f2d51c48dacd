/** A DataSource or an EntityManager inside a transaction: anything that runs parameterized SQL. */
export interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}
