import {
  validateDto,
  type ClassConstructor,
  type ImportErrorObject,
  type ImportOutcome,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import type { DataSource } from 'typeorm';

/** A table whose documents are found by key. */
export interface KeyedTable<T> {
  findMany(db: DataSource, projectKey: string, by: { keys: string[] }): Promise<T[]>;
}

/** The documents of `table` with these keys, in one query (none asked, none read). */
export const findByKeys =
  <T>(db: DataSource, table: KeyedTable<T>) =>
  (ctx: RequestContext, keys: string[]): Promise<T[]> =>
    keys.length === 0
      ? Promise.resolve([])
      : table.findMany(db, ctx.projectKey, { keys: [...new Set(keys)] });

/**
 * The outcomes of a group of imported resources, in order: each is checked against its DTO on its own (a
 * malformed one fails alone, `validationFailed`), `find` looks up what the valid ones reference at once, and
 * `importOne` writes each valid one with that.
 */
export async function importEach<D extends object, F>(
  items: ReadonlyArray<{ operationId: string; resource: unknown }>,
  dto: ClassConstructor<D>,
  find: (valid: D[]) => Promise<F>,
  importOne: (operationId: string, resource: D, found: F) => Promise<ImportOutcome>,
): Promise<ImportOutcome[]> {
  const checked = items.map(({ operationId, resource }) => ({
    operationId,
    resource: validateDto(dto, resource),
  }));
  const found = await find(checked.flatMap(({ resource }) => (resource.ok ? [resource.value] : [])));
  const outcomes: ImportOutcome[] = [];
  for (const { operationId, resource } of checked) {
    outcomes.push(
      resource.ok
        ? await importOne(operationId, resource.value, found)
        : {
            operationId,
            state: 'validationFailed',
            errors: Errors.invalidJsonInput(resource.problems.join('; ')).errors,
          },
    );
  }
  return outcomes;
}

/** Found documents by their key. */
export const byKey = <T extends { key?: string }>(found: T[]) =>
  new Map(
    found.flatMap((resource) => (resource.key === undefined ? [] : [[resource.key, resource] as const])),
  );

/** Custom field values of an import (`{type, value}` per name) as a resource holds them. */
export function importedFieldsOf(custom?: { fields?: Record<string, { value: unknown }> }) {
  return Object.fromEntries(Object.entries(custom?.fields ?? {}).map(([name, field]) => [name, field.value]));
}

/** The errors of a refusal (4xx) for an operation's outcome; anything else is thrown (the worker retries). */
export function importErrorsOf(error: unknown): ImportErrorObject[] {
  if (error instanceof ApiError && error.status < 500) return error.errors;
  throw error;
}

/** Writes lost to a concurrent writer of the same resource before the operation gives up (`rejected`). */
const MAX_RACES = 8;

/** How one imported resource is upserted by its key. */
export interface KeyedUpsert<T> {
  key: string;
  /** The resources written or read so far, by key: updated as this one is written. */
  known: Map<string, T>;
  create(): Promise<T>;
  /** The stored resource updated to the imported values (an update that changes nothing writes nothing). */
  update(existing: T): Promise<T>;
  /** The resource with the key as stored now. */
  reread(key: string): Promise<T | undefined>;
}

/**
 * Creates the resource with the key, or updates the stored one, through its engine. A write that lost to
 * another writer (a concurrent update, or a create of the same key) reads it again and retries; what the
 * engine refuses ends the operation `rejected` with its errors.
 */
export async function upsertByKey<T extends { version: number }>(
  operationId: string,
  upsert: KeyedUpsert<T>,
): Promise<ImportOutcome> {
  for (let race = 0; ; race++) {
    const existing = upsert.known.get(upsert.key);
    try {
      const written = existing ? await upsert.update(existing) : await upsert.create();
      upsert.known.set(upsert.key, written);
      return { operationId, state: 'imported', resourceVersion: written.version };
    } catch (error) {
      const errors = importErrorsOf(error);
      const raced =
        errors.some((e) => e.code === 'ConcurrentModification') ||
        (!existing && errors.some((e) => e.code === 'DuplicateField'));
      const now = raced ? await upsert.reread(upsert.key) : undefined;
      if (raced && (existing || now) && race < MAX_RACES) {
        if (now) upsert.known.set(upsert.key, now);
        else upsert.known.delete(upsert.key);
        continue;
      }
      return { operationId, state: 'rejected', errors };
    }
  }
}
