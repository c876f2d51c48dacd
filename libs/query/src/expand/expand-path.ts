import { expandError } from '../errors.js';

/** `[*]` (every element) or `[n]` (one element). */
export type Selector = '*' | number;

export interface ExpandSegment {
  field: string;
  selectors: Selector[];
}

/** One parsed `expand` parameter. References along the path are expanded, and the path continues in their `obj`. */
export interface ExpandPath {
  source: string;
  segments: ExpandSegment[];
}

/** Most references one expansion path may go through (spec "Limits"). */
export const MAX_EXPANSION_DEPTH = 3;
const MAX_PATH_LENGTH = 500;
const MAX_SEGMENTS = 20;
const SEGMENT = /^([A-Za-z0-9_-]+)((?:\[(?:\*|[0-9]{1,6})\])*)$/;
const SELECTOR = /\[(\*|[0-9]+)\]/g;

function parseSegment(text: string, source: string): ExpandSegment {
  const match = SEGMENT.exec(text);
  if (!match)
    throw expandError(
      `Invalid expansion path '${source.slice(0, 100)}': '${text.slice(0, 50)}' is not a field name with optional [*] or [n].`,
    );
  const selectors = [...match[2].matchAll(SELECTOR)].map(([, s]) => (s === '*' ? '*' : Number(s)));
  return { field: match[1], selectors };
}

/**
 * Parses `expand` parameters: `ref`, `refs[*]`, `refs[0]`, `obj.ref`, `objs[*].ref`, `nested[*][*].ref`,
 * `refs[*].custom.type` (a path through an expanded reference omits `obj`), `custom.fields.name[*]`,
 * `...attributes[*].value`, `...value[*]`. An explicit `obj` segment is accepted and skipped.
 */
export function parseExpand(paths: string[]): ExpandPath[] {
  return paths.map((source) => {
    if (source.length === 0 || source.length > MAX_PATH_LENGTH) {
      throw expandError(
        `Invalid expansion path '${source.slice(0, 100)}': it must have 1 to ${MAX_PATH_LENGTH} characters.`,
      );
    }
    const parts = source.split('.');
    if (parts.length > MAX_SEGMENTS) {
      throw expandError(
        `Invalid expansion path '${source.slice(0, 100)}': it has more than ${MAX_SEGMENTS} segments.`,
      );
    }
    const segments = parts.map((part) => parseSegment(part, source));
    const explicitReferences =
      segments.filter((s) => s.field === 'obj' && s.selectors.length === 0).length + 1;
    if (explicitReferences > MAX_EXPANSION_DEPTH) throw depthError(source);
    return { source, segments };
  });
}

export function depthError(source: string): Error {
  return expandError(
    `The expansion path '${source.slice(0, 100)}' goes through more than ${MAX_EXPANSION_DEPTH} references.`,
  );
}
