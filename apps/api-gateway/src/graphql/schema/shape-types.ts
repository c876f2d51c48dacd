import type { FieldShape, NamedShape, ResourceShape } from '@commerce/contracts';
import { shape as shapes } from '@commerce/contracts';

/**
 * The read side's object types derived from the resources' shapes (`<resource>.shape.ts`), in the live API's
 * conventions: a LocalizedString field is `name(locale, acceptLanguage): String` with `nameAllLocales`; a
 * reference is `<field>Ref` plus, where its type is readable here, `<field>` resolved (batched, with the
 * scopes reading it needs); `custom` is CustomFieldsType; a resource implements `Versioned` and has a
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
    case 'union':
    case 'enum':
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
  enums: Set<string>;
  resolvers: Record<string, Record<string, Resolver>>;
  /** The interface a union's member implements, by the member's name. */
  interfaces: Map<string, string>;
}

/** A union: an interface with the members' `type`, resolved to the member its `type` names. */
function unionType(type: NamedShape & { kind: 'union' }, derived: Derived): void {
  const byType = new Map<unknown, string>();
  for (const member of type.of) {
    derived.interfaces.set(member.name, type.name);
    byType.set(shapes.memberType(member), member.name);
  }
  derived.sdl.push(`interface ${type.name} {\n  type: String!\n}`);
  // mercurius takes an abstract type's `resolveType` (graphql-tools' `__resolveType` it ignores).
  derived.resolvers[type.name] = { resolveType: (parent) => byType.get(parent.type) ?? null };
}

function objectType(
  type: NamedShape,
  typeNames: Readonly<Record<string, string>>,
  readers: FieldReaders,
  derived: Derived,
): void {
  if (type.kind === 'union') return unionType(type, derived);
  const lines: string[] = [];
  const resolvers: Record<string, Resolver> = {};
  for (const [name, field] of Object.entries(type.fields)) {
    const reference = referenceOf(field);
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
    } else if (field.graphqlName) {
      lines.push(`${field.graphqlName}: ${typeOf(field)}${required(field)}`);
      resolvers[field.graphqlName] = (parent) => parent[name] ?? null;
    } else {
      lines.push(`${name}: ${typeOf(field)}${required(field)}`);
    }
    const inner = field.kind === 'array' ? field.of : field;
    if (inner.kind === 'enum' && !derived.enums.has(inner.name)) {
      derived.enums.add(inner.name);
      derived.sdl.push(`enum ${inner.name} {\n  ${inner.values.join('\n  ')}\n}`);
    }
  }
  if (type.kind === 'resource') {
    derived.sdl.push(
      type.base === false
        ? `type ${type.name} {\n  ${lines.join('\n  ')}\n}`
        : `type ${type.name} implements Versioned {\n  ${[...VERSIONED_HEAD, ...lines, ...VERSIONED_TAIL].join('\n  ')}\n}`,
      `type ${type.name}QueryResult {\n  offset: Int!\n  count: Int!\n  total: Long!\n  exists: Boolean!\n  results: [${type.name}!]!\n}`,
    );
  } else {
    const implementing = derived.interfaces.get(type.name);
    derived.sdl.push(
      `type ${type.name}${implementing ? ` implements ${implementing}` : ''} {\n  ${lines.join('\n  ')}\n}`,
    );
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
  const derived: Derived = { sdl: [], enums: new Set(), resolvers: {}, interfaces: new Map() };
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
