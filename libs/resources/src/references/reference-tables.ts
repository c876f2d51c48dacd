/**
 * The tables of the cross-service reference protocol (docs/CONSISTENCY.md), in a service's own schema:
 * `reference_intents` on the referencing side (a write about to refer to another service's resource),
 * `reference_reservations` on the referenced side (a generation per resource that any reserving write bumps).
 * Each service's migration creates them with these statements.
 */
export function referenceTablesUp(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."reference_intents" (
      id uuid PRIMARY KEY,
      project_key text NOT NULL,
      type_id text NOT NULL,
      target_id text,
      target_key text,
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX reference_intents_target_idx ON "${schema}"."reference_intents" (project_key, type_id)`,
    `CREATE TABLE "${schema}"."reference_reservations" (
      project_key text NOT NULL,
      type_id text NOT NULL,
      target_id text NOT NULL,
      generation bigint NOT NULL,
      PRIMARY KEY (project_key, type_id, target_id)
    )`,
  ];
}

export function referenceTablesDown(schema: string): string[] {
  return [`DROP TABLE "${schema}"."reference_reservations"`, `DROP TABLE "${schema}"."reference_intents"`];
}
