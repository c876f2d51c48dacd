import type { FieldShape, ObjectShape, ResourceShape, UnionShape } from '@commerce/contracts';
import { shape as shapes } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/**
 * The read side's object types derived from the resources' shapes (`<resource>.shape.ts`), in the live API's
 * conventions: a LocalizedString field is `name(locale, acceptLanguage): String` with `nameAllLocales`; a
 * reference is `<field>Ref` plus, where its type is readable here, `<field>` resolved (batched, with the
 * scopes reading it needs); `custom` is CustomFieldsType; a union is an interface its variants implement; an
 * array selectable by a field of its elements takes `include<By>s`/`exclude<By>s` (and, paged, `limit`,
 * `offset`, `sort`, answering `<Element>Result`); a resource implements `Versioned` and has a
 * `<Name>QueryResult`. The resolvers those fields need come from the same walk.
 */

export type Resolver = (
  parent: Record<string, unknown>,
  args: Record<string, unknown>,
  context: never,
) => unknown;

/** How the derived resolvers read what a field holds (`type.resolvers.ts` gives them). */
export interface FieldReaders {
  localized(field: string): Record<string, Resolver>;
  referenced(field: string, list: boolean): Resolver;
}

const SCALARS: Record<string, string> = {
  string: 'String',
  number: 'Float',
  integer: 'Int',
  boolean: 'Boolean',
  datetime: 'DateTime',
  date: 'Date',
  time: 'String',
};

const FIXED: Record<string, string> = {
  custom: 'CustomFieldsType',
  json: 'Json',
  geoJsonPoint: 'GeometryPoint',
};

/** The GraphQL type of a field's value (without the non-null of the field itself). */
function typeOf(field: FieldShape): string {
  switch (field.kind) {
    case 'array':
      return `[${typeOf(field.of)}!]`;
    case 'object':
    case 'enum':
    case 'union':
      return field.name;
    case 'map':
      return 'Json';
    case 'reference':
      return field.key ? 'KeyReference' : 'Reference';
    case 'localizedString':
      return '[LocalizedString!]';
    case 'json':
      return field.graphql ?? FIXED.json;
    case 'custom':
    case 'geoJsonPoint':
      return FIXED[field.kind];
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      return field.graphql ?? SCALARS[field.kind];
  }
}

const required = (field: FieldShape) => (field.optional || field.nullable ? '' : '!');

/** A reference field, or an array of them: its target type id (none when it may name several types). */
function referenceOf(field: FieldShape): { to?: string; list: boolean } | undefined {
  const to = (ref: FieldShape & { kind: 'reference' }) => (ref.alsoTo ? undefined : ref.to);
  if (field.kind === 'reference') return { to: to(field), list: false };
  if (field.kind === 'array' && field.of.kind === 'reference') return { to: to(field.of), list: true };
  return undefined;
}

const VERSIONED_HEAD = ['id: String!', 'version: Long!'];
const VERSIONED_TAIL = [
  'createdAt: DateTime!',
  'lastModifiedAt: DateTime!',
  'createdBy: Initiator',
  'lastModifiedBy: Initiator',
];

interface Derived {
  sdl: string[];
  /** Enums, interfaces and pages emitted (each once). */
  emitted: Set<string>;
  /** A union's variant type -> the interface it implements. */
  implementing: Map<string, string>;
  resolvers: Record<string, Record<string, Resolver>>;
}

const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);

/** A GraphQL error in the API's body (`InvalidInput`) for a malformed argument. */
const invalidArgument = (message: string) => Errors.invalidInput(message);

/** `["name asc", "key desc"]`: the elements ordered by their scalar fields. */
function sortedBy(elements: Record<string, unknown>[], sort: readonly string[], element: ObjectShape) {
  const keys = sort.map((expression) => {
    const match = /^\s*(\w+)(?:\s+(asc|desc))?\s*$/i.exec(expression);
    const field = match && Object.hasOwn(element.fields, match[1]) ? element.fields[match[1]] : undefined;
    if (!match || !field || !['string', 'number', 'integer', 'boolean', 'enum'].includes(field.kind)) {
      throw invalidArgument(
        `Malformed sort '${expression}': expected '<field> asc' or '<field> desc' with a field of ${element.name} (${Object.keys(element.fields).join(', ')}).`,
      );
    }
    return { name: match[1], direction: match[2]?.toLowerCase() === 'desc' ? -1 : 1 };
  });
  const compare = (a: unknown, b: unknown) =>
    a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : (a as string) < (b as string) ? -1 : 1;
  return [...elements].sort((a, b) => {
    for (const { name, direction } of keys) {
      const order = compare(a[name], b[name]);
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

const nonNegative = (name: string, value: unknown): number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 0) {
    throw invalidArgument(`Malformed parameter: ${name}: must be a non-negative integer.`);
  }
  return value as number;
};

/** The resolver of a selectable array: its elements by `include<By>s`/`exclude<By>s`, paged if declared. */
function selected(name: string, element: ObjectShape, select: { by: string; paged?: true }): Resolver {
  const plural = `${capitalized(select.by)}s`;
  return (parent, args) => {
    const include = args[`include${plural}`] as string[] | null | undefined;
    const exclude = (args[`exclude${plural}`] as string[] | null | undefined) ?? [];
    const all = (parent[name] as Record<string, unknown>[] | undefined) ?? [];
    const chosen = all.filter(
      (each) =>
        (!include || include.includes(each[select.by] as string)) &&
        !exclude.includes(each[select.by] as string),
    );
    if (!select.paged) return chosen;
    const limit = nonNegative('limit', args.limit);
    const offset = nonNegative('offset', args.offset);
    const sort = args.sort as string[] | null | undefined;
    const ordered = sort ? sortedBy(chosen, sort, element) : chosen;
    const start = offset ?? 0;
    return {
      limit: limit ?? null,
      offset: offset ?? null,
      total: chosen.length,
      results: ordered.slice(start, limit === undefined ? undefined : start + limit),
    };
  };
}

/** A union's interface (its discriminator, a string) and the type of each value, emitted once per name. */
function unionInterface(union: UnionShape, derived: Derived): void {
  const types: Record<string, string> = {};
  for (const [value, variant] of Object.entries(union.variants)) {
    const implemented = derived.implementing.get(variant.name);
    if (implemented !== undefined && implemented !== union.name) {
      throw new Error(`${variant.name} cannot implement both ${implemented} and ${union.name}`);
    }
    derived.implementing.set(variant.name, union.name);
    types[value] = variant.name;
  }
  const resolveType = derived.resolvers[union.name]?.resolveType as
    ((value: Record<string, unknown>) => string | undefined) | undefined;
  // The same interface may be declared by several unions (a Set's element types are a subset): one resolver.
  derived.resolvers[union.name] = {
    resolveType: (value) => types[value[union.discriminator] as string] ?? resolveType?.(value),
  };
  if (derived.emitted.has(union.name)) return;
  derived.emitted.add(union.name);
  derived.sdl.push(`interface ${union.name} {\n  ${union.discriminator}: String!\n}`);
}

function objectType(
  type: ResourceShape | ObjectShape,
  typeNames: Readonly<Record<string, string>>,
  readers: FieldReaders,
  derived: Derived,
): void {
  const lines: string[] = [];
  const resolvers: Record<string, Resolver> = {};
  for (const [name, field] of Object.entries(type.fields)) {
    const reference = referenceOf(field);
    const select = field.kind === 'array' ? field.graphqlSelect : undefined;
    if (field.kind === 'localizedString') {
      lines.push(`${name}(locale: Locale, acceptLanguage: [Locale!]): String`);
      lines.push(`${name}AllLocales: ${typeOf(field)}${required(field)}`);
      Object.assign(resolvers, readers.localized(name));
    } else if (reference) {
      lines.push(`${name}Ref: ${typeOf(field)}${required(field)}`);
      resolvers[`${name}Ref`] = (parent) => parent[name] ?? null;
      const target = reference.to === undefined ? undefined : typeNames[reference.to];
      if (target) {
        lines.push(reference.list ? `${name}: [${target}!]!` : `${name}: ${target}`);
        resolvers[name] = readers.referenced(name, reference.list);
      }
    } else if (select && field.kind === 'array') {
      if (field.of.kind !== 'object' || !Object.hasOwn(field.of.fields, select.by)) {
        throw new Error(
          `${type.name}.${name}: only an array of objects with '${select.by}' is selectable by it`,
        );
      }
      const element = field.of;
      const graphqlName = field.graphqlName ?? name;
      const plural = `${capitalized(select.by)}s`;
      const args = [`include${plural}: [String!]`, `exclude${plural}: [String!]`];
      if (select.paged) {
        args.push('limit: Int', 'offset: Int', 'sort: [String!]');
        const page = `${element.name}Result`;
        lines.push(`${graphqlName}(${args.join(', ')}): ${page}${required(field)}`);
        if (!derived.emitted.has(page)) {
          derived.emitted.add(page);
          derived.sdl.push(
            `type ${page} {\n  limit: Int\n  offset: Int\n  total: Int!\n  results: [${element.name}!]!\n}`,
          );
        }
      } else {
        lines.push(`${graphqlName}(${args.join(', ')}): ${typeOf(field)}${required(field)}`);
      }
      resolvers[graphqlName] = selected(name, element, select);
    } else if (field.graphqlName) {
      lines.push(`${field.graphqlName}: ${field.graphqlType ?? typeOf(field)}${required(field)}`);
      resolvers[field.graphqlName] = (parent) => parent[name] ?? null;
    } else {
      lines.push(`${name}: ${typeOf(field)}${required(field)}`);
    }
    const inner = field.kind === 'array' ? field.of : field;
    if (inner.kind === 'enum' && !derived.emitted.has(inner.name)) {
      derived.emitted.add(inner.name);
      derived.sdl.push(`enum ${inner.name} {\n  ${inner.values.join('\n  ')}\n}`);
    }
    if (inner.kind === 'union') unionInterface(inner, derived);
  }
  if (type.kind === 'resource') {
    derived.sdl.push(
      type.base === false
        ? `type ${type.name} {\n  ${lines.join('\n  ')}\n}`
        : `type ${type.name} implements Versioned {\n  ${[...VERSIONED_HEAD, ...lines, ...VERSIONED_TAIL].join('\n  ')}\n}`,
      `type ${type.name}QueryResult {\n  offset: Int!\n  count: Int!\n  total: Long!\n  exists: Boolean!\n  results: [${type.name}!]!\n}`,
    );
  } else {
    const implemented = derived.implementing.get(type.name);
    const implementing = implemented ? ` implements ${implemented}` : '';
    derived.sdl.push(`type ${type.name}${implementing} {\n  ${lines.join('\n  ')}\n}`);
  }
  if (Object.keys(resolvers).length > 0) derived.resolvers[type.name] = resolvers;
}

/**
 * The SDL and resolvers of the shapes' object types. `typeNames` maps a type id to the GraphQL type that
 * reading it answers (a reference to a type id not in it gets its `<field>Ref` only). Object types named in
 * `writtenInSdl` are the SDL's own (an interface, or a type of a resource not declared by a shape yet).
 */
export function shapeTypes(
  resources: readonly ResourceShape[],
  typeNames: Readonly<Record<string, string>>,
  readers: FieldReaders,
  writtenInSdl: ReadonlySet<string> = new Set(),
): { sdl: string; resolvers: Derived['resolvers'] } {
  const derived: Derived = { sdl: [], emitted: new Set(), implementing: new Map(), resolvers: {} };
  const seen = new Set<string>();
  for (const resource of resources) {
    shapes.objectTypes(
      resource,
      (type) => {
        if (!writtenInSdl.has(type.name)) objectType(type, typeNames, readers, derived);
      },
      seen,
    );
  }
  return { sdl: derived.sdl.join('\n\n'), resolvers: derived.resolvers };
}
