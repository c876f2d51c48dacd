/** The resource with `field` set to `value`, or without the field when the value is absent. */
export function withOptional<T extends object, K extends keyof T>(
  resource: T,
  field: K,
  value: T[K] | undefined | null,
): T {
  if (value === undefined || value === null) {
    const { [field]: _removed, ...rest } = resource;
    return rest as T;
  }
  return { ...resource, [field]: value };
}

/** Whether two JSON values are equal, ignoring key order (JSONB does not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** The list without repeated entries, first occurrence kept. */
export function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
