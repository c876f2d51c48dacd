/**
 * Whether two JSON values are equal, ignoring key order (JSONB does not keep it) and undefined fields: what
 * comparing their JSON texts with sorted keys would say, without building the texts. Stops at the first
 * difference.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // JSON writes an undefined element as null.
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    let fields = 0;
    for (const key of Object.keys(a)) {
      const value = a[key];
      if (value === undefined) continue;
      fields++;
      if (!sameJson(value, b[key])) return false;
    }
    for (const key of Object.keys(b)) if (b[key] !== undefined) fields--;
    return fields === 0;
  }
  // Anything else as its JSON text (numbers that JSON writes as null, dates, ...).
  return !Array.isArray(b) && !isPlainObject(b) && JSON.stringify(a) === JSON.stringify(b);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
