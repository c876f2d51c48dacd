import { depthError, MAX_EXPANSION_DEPTH, type ExpandPath, type Selector } from './expand-path.js';

export interface ReferenceKey {
  typeId: string;
  id: string;
}

/** Looks up referenced resources; the answer is keyed `${typeId}:${id}` and omits those not found. */
export type ReferenceFetcher = (refs: ReferenceKey[]) => Promise<Map<string, unknown>>;

type JsonObject = Record<string, unknown>;
type Reference = JsonObject & ReferenceKey & { obj?: unknown };

/** A reference met on a path, and where the path goes on inside its `obj`. */
interface Hit {
  ref: Reference;
  path: ExpandPath;
  next: number;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isReference(value: unknown): value is Reference {
  return isObject(value) && typeof value.typeId === 'string' && typeof value.id === 'string';
}

export function referenceKey(ref: ReferenceKey): string {
  return `${ref.typeId}:${ref.id}`;
}

function select(value: unknown, selectors: Selector[]): unknown[] {
  let values = [value];
  for (const selector of selectors) {
    values = values.flatMap((v) => {
      if (!Array.isArray(v)) return [];
      if (selector === '*') return v as unknown[];
      return selector < v.length ? [v[selector] as unknown] : [];
    });
  }
  return values;
}

/** Follows the path from segment `index` inside `container`, collecting the references it reaches. */
function walk(container: unknown, path: ExpandPath, index: number, hits: Hit[]): void {
  const segment = path.segments[index];
  if (!isObject(container) || !Object.hasOwn(container, segment.field)) return;
  for (const value of select(container[segment.field], segment.selectors)) {
    if (isReference(value)) hits.push({ ref: value, path, next: index + 1 });
    else if (index + 1 < path.segments.length) walk(value, path, index + 1, hits);
  }
}

/** Where a path continues inside an expanded reference: an explicit `obj` segment is skipped. */
function continuation(hit: Hit): number {
  const segment = hit.path.segments[hit.next];
  return segment?.field === 'obj' && segment.selectors.length === 0 ? hit.next + 1 : hit.next;
}

function unique(hits: Hit[]): ReferenceKey[] {
  const keys = new Map<string, ReferenceKey>();
  for (const { ref } of hits) keys.set(referenceKey(ref), { typeId: ref.typeId, id: ref.id });
  return [...keys.values()];
}

/**
 * Expands references at the given paths: one `fetch` per level with that level's references de-duplicated, each
 * found value deep-cloned into the reference's `obj`, then the next level inside those values. References that
 * cannot be expanded are left as they are. Returns copies; the input is never changed. A path that reaches a
 * fourth level of references is a 400.
 */
export async function expandReferences<T>(
  resources: T[],
  paths: ExpandPath[],
  fetch: ReferenceFetcher,
): Promise<T[]> {
  const result = resources.map((resource) => structuredClone(resource));
  let hits: Hit[] = [];
  for (const resource of result) for (const path of paths) walk(resource, path, 0, hits);
  for (let level = 1; hits.length > 0; level++) {
    if (level > MAX_EXPANSION_DEPTH) throw depthError(hits[0].path.source);
    const found = await fetch(unique(hits));
    const expanded = new Map<Reference, JsonObject>();
    const next: Hit[] = [];
    for (const hit of hits) {
      let obj = expanded.get(hit.ref);
      if (!obj) {
        const value = found.get(referenceKey(hit.ref));
        if (!isObject(value)) continue;
        obj = structuredClone(value);
        hit.ref.obj = obj;
        expanded.set(hit.ref, obj);
      }
      const index = continuation(hit);
      if (index < hit.path.segments.length) walk(obj, hit.path, index, next);
    }
    hits = next;
  }
  return result;
}
