import type { SqlParams } from '../sql-params.js';
import type { SearchField, SearchLiteral, SearchNode } from './search-query.js';

/**
 * The SQL translation of a checked search expression tree (search-query.ts): one boolean SQL condition over
 * the jsonb documents its fields read (`s.doc`, `v.value`, ...). Every value is a bound parameter; field paths
 * come from the resource's field table, never from the request. A simple expression is true when one of the
 * field's values (a set field or an array on the way has several) meets it.
 */
export interface SearchSqlOptions {
  /** The SQL function `(word text, candidate text, distance int) -> boolean` of `fuzzy` (a migration of the owner). */
  fuzzyFunction: string;
}

/** The cast of a field's values and of its bound values for comparisons. */
const CAST: Record<SearchField['type'], string> = {
  text: 'text',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  date: 'date',
  time: 'time',
};

/** The JSON type a field's values have in the documents. */
const JSON_TYPE: Record<SearchField['type'], string> = {
  text: 'string',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  date: 'string',
  time: 'string',
};

/** The fuzziness the live API allows for a word of this length: 0 up to 2 characters, 1 up to 5, else 2. */
export function effectiveFuzziness(word: string, level: number): number {
  const length = [...word].length;
  return Math.min(level, length <= 2 ? 0 : length <= 5 ? 1 : 2);
}

/** A LIKE pattern of a wildcard value: `*` any characters, `?` one; LIKE's own specials escaped. */
export function likePatternOf(wildcard: string): string {
  return wildcard
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

/** A tsquery of words, each quoted (a quote doubled), joined by `&` or `|`; the last a prefix when asked. */
export function tsQueryOfWords(words: string[], any: boolean, lastPrefix: boolean): string {
  return words
    .map(
      (word, index) => `'${word.replace(/'/g, "''")}'${lastPrefix && index === words.length - 1 ? ':*' : ''}`,
    )
    .join(any ? ' | ' : ' & ');
}

/** `EXISTS` one value `x` of the field meeting `condition(x)`, values of other JSON types skipped. */
function anyValue(field: SearchField, params: SqlParams, condition: (x: string) => string): string {
  const path = params.addShared(field.path);
  return `EXISTS (SELECT 1 FROM jsonb_path_query(${field.target}, ${path}::jsonpath) x
    WHERE jsonb_typeof(x) = '${JSON_TYPE[field.type]}' AND ${condition('x')})`;
}

function typed(field: SearchField, x: string): string {
  return `(${x} #>> '{}')::${CAST[field.type]}`;
}

function bound(field: SearchField, value: SearchLiteral, params: SqlParams): string {
  return `${params.add(field.type === 'number' ? value : String(value))}::${CAST[field.type]}`;
}

function simpleSql(node: SearchNode, params: SqlParams, options: SearchSqlOptions): string {
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'not':
    case 'filter':
      return searchConditionSql(node, params, options);
    case 'exists':
      return `coalesce(jsonb_path_exists(${node.field.target}, ${params.addShared(node.field.path)}::jsonpath), false)`;
    case 'exact': {
      const { field } = node;
      if (field.type === 'text') {
        const values = node.values.map((v) => (node.caseInsensitive ? String(v).toLowerCase() : String(v)));
        const list = params.add(values);
        return anyValue(field, params, (x) =>
          node.caseInsensitive
            ? `lower(${x} #>> '{}') = ANY(${list}::text[])`
            : `(${x} #>> '{}') = ANY(${list}::text[])`,
        );
      }
      const list = params.add(node.values.map((v) => (field.type === 'number' ? v : String(v))));
      return anyValue(field, params, (x) => `${typed(field, x)} = ANY(${list}::${CAST[field.type]}[])`);
    }
    case 'range': {
      const { field, bounds } = node;
      const operators = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
      return anyValue(field, params, (x) =>
        (Object.keys(bounds) as Array<keyof typeof operators>)
          .map((name) => `${typed(field, x)} ${operators[name]} ${bound(field, bounds[name]!, params)}`)
          .join(' AND '),
      );
    }
    case 'prefix': {
      const value = params.add(node.caseInsensitive ? node.value.toLowerCase() : node.value);
      return anyValue(node.field, params, (x) =>
        node.caseInsensitive
          ? `starts_with(lower(${x} #>> '{}'), ${value})`
          : `starts_with(${x} #>> '{}', ${value})`,
      );
    }
    case 'wildcard': {
      const pattern = params.add(likePatternOf(node.value));
      return anyValue(
        node.field,
        params,
        (x) => `(${x} #>> '{}') ${node.caseInsensitive ? 'ILIKE' : 'LIKE'} ${pattern}`,
      );
    }
    case 'fullText': {
      const query = params.add(tsQueryOfWords(node.words, node.mustMatch === 'any', node.prefix));
      return anyValue(node.field, params, (x) => `to_tsvector('simple', ${x} #>> '{}') @@ ${query}::tsquery`);
    }
    case 'fuzzy': {
      const matches = node.words.map((word) => {
        const w = params.add(word);
        const distance = params.add(effectiveFuzziness(word, node.level));
        return (x: string) =>
          `EXISTS (SELECT 1 FROM unnest(tsvector_to_array(to_tsvector('simple', ${x} #>> '{}'))) t
            WHERE ${options.fuzzyFunction}(${w}, t, ${distance}))`;
      });
      return anyValue(node.field, params, (x) =>
        matches.map((match) => match(x)).join(node.mustMatch === 'any' ? ' OR ' : ' AND '),
      );
    }
  }
}

/** The whole tree as one SQL condition. */
export function searchConditionSql(node: SearchNode, params: SqlParams, options: SearchSqlOptions): string {
  if (node.kind === 'and' || node.kind === 'filter') {
    return `(${node.nodes.map((child) => simpleSql(child, params, options)).join(' AND ')})`;
  }
  if (node.kind === 'or')
    return `(${node.nodes.map((child) => simpleSql(child, params, options)).join(' OR ')})`;
  if (node.kind === 'not')
    return `NOT (${node.nodes.map((child) => simpleSql(child, params, options)).join(' OR ')})`;
  return simpleSql(node, params, options);
}

/**
 * A relevance score: the sum of the boosts of the scoring simple expressions (outside `filter` and `not`) a
 * document meets. Ordering by it puts the documents that meet more (and more boosted) expressions first.
 */
export function searchScoreSql(scoring: SearchNode[], params: SqlParams, options: SearchSqlOptions): string {
  if (scoring.length === 0) return '0';
  return scoring
    .map((node) => {
      const boost = 'boost' in node ? node.boost : 1;
      return `(CASE WHEN ${simpleSql(node, params, options)} THEN ${Number(boost)} ELSE 0 END)`;
    })
    .join(' + ');
}

/** The levels (`s.doc`, `v.value`, ...) the fields of a tree read. */
export function searchLevels(node: SearchNode): Set<string> {
  if (node.kind === 'and' || node.kind === 'or' || node.kind === 'not' || node.kind === 'filter') {
    return new Set(node.nodes.flatMap((child) => [...searchLevels(child)]));
  }
  const field: SearchField = (node as Exclude<SearchNode, { nodes: SearchNode[] }>).field;
  return new Set<string>([field.level]);
}

/**
 * The `CREATE FUNCTION` of `<schema>.search_fuzzy(word, candidate, distance)`: whether the Levenshtein
 * distance of two words is at most `distance` (0 to 2), stopping as soon as a row of the table exceeds it.
 * Each owner of a search creates it in its schema by a migration (plain PL/pgSQL, no extension needed).
 */
export function searchFuzzyFunctionSql(schema: string): string {
  return `CREATE OR REPLACE FUNCTION "${schema}"."search_fuzzy"(word text, candidate text, distance int)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  a int := char_length(word);
  b int := char_length(candidate);
  prev int[];
  cur int[];
  best int;
  cost int;
BEGIN
  IF abs(a - b) > distance THEN RETURN false; END IF;
  IF distance = 0 THEN RETURN word = candidate; END IF;
  prev := ARRAY(SELECT generate_series(0, b));
  FOR i IN 1..a LOOP
    cur := ARRAY[i];
    best := i;
    FOR j IN 1..b LOOP
      cost := CASE WHEN substr(word, i, 1) = substr(candidate, j, 1) THEN 0 ELSE 1 END;
      cur := cur || LEAST(prev[j + 1] + 1, cur[j] + 1, prev[j] + cost);
      best := LEAST(best, cur[j + 1]);
    END LOOP;
    IF best > distance THEN RETURN false; END IF;
    prev := cur;
  END LOOP;
  RETURN prev[b + 1] <= distance;
END $$`;
}
