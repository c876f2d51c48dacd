import type {
  BaseResource,
  CustomFields,
  KeyReference,
  LocalizedString,
  Reference,
} from '../common/types.js';

/**
 * The shape of a resource as the API answers it, declared once per resource (`<resource>.shape.ts`) and read
 * by everything that describes a response: the TypeScript type (`Infer<typeof StoreShape>`), the query schema
 * (which fields `where` and `sort` accept, `@commerce/query` `querySchemaOf`), the OpenAPI response schema and
 * the GraphQL object type with its resolvers (`apps/api-gateway`). Drafts and update actions stay
 * class-validator DTOs: they validate, this describes.
 */

/** A scalar: `column` names the SQL column `where` and `sort` use instead of the document path. */
export interface ScalarShape<K extends ScalarKind = ScalarKind> {
  kind: K;
  column?: string;
  /** The GraphQL scalar when not the kind's own (`Locale`, `Country`, `Long`). */
  graphql?: string;
  /** A string that is always this value (`literal`): a union's variant's discriminator, given by `union`. */
  const?: string;
  /** A secret the API shows masked (`****` and at most its last four characters), never as written. */
  masked?: true;
}
export type ScalarKind = 'string' | 'number' | 'integer' | 'boolean' | 'datetime' | 'date' | 'time';

export interface EnumShape<V extends string = string> {
  kind: 'enum';
  /** The GraphQL enum's name. */
  name: string;
  values: readonly V[];
}
/**
 * `{typeId, id}` to a resource of type `to` (`{typeId, key}` with `key`); GraphQL adds `<field>Ref` and, where
 * `to` is readable and the only type it may name (no `alsoTo`), `<field>`.
 */
export interface ReferenceShape<T extends string = string> {
  kind: 'reference';
  to: T;
  /** Further types it may name (a Review's target: a product or a channel). */
  alsoTo?: readonly string[];
  /** A KeyReference (`{typeId, key}`). */
  key?: true;
}
export interface ArrayShape<F extends FieldShape = FieldShape> {
  kind: 'array';
  of: F;
}
/** A nested object; `name` is its type's name in OpenAPI and GraphQL. */
export interface ObjectShape<Fs extends Fields = Fields> {
  kind: 'object';
  name: string;
  fields: Fs;
}
/** Keys chosen by the client (a Type's field values, `Record<string, F>`). */
export interface MapShape<F extends FieldShape = FieldShape> {
  kind: 'map';
  of: F;
}
/** Well-known shapes every API shares, each described once by every consumer. */
export interface FixedShape<K extends FixedKind = FixedKind> {
  kind: K;
  /** `json` only: the GraphQL type when not `Json` (a type written in the SDL, `ProductVariant`). */
  graphql?: string;
}
export type FixedKind = 'localizedString' | 'custom' | 'json' | 'geoJsonPoint';
/**
 * One of several object types told apart by the value of one string field, the `discriminator` (an
 * AttributeType by its `name`): GraphQL's interface `name` with one implementing type per variant.
 */
export interface UnionShape<
  D extends string = string,
  Vs extends Readonly<Record<string, ObjectShape>> = Readonly<Record<string, ObjectShape>>,
> {
  kind: 'union';
  /** The GraphQL interface's name. */
  name: string;
  discriminator: D;
  /** The discriminator's value -> its object type (which has the discriminator as a string field). */
  variants: Vs;
}

export type FieldShape = (
  | ScalarShape
  | EnumShape
  | ReferenceShape
  | ArrayShape<FieldShape>
  | ObjectShape
  | MapShape<FieldShape>
  | FixedShape
  | UnionShape
) & {
  /** The field may be absent. */
  optional?: true;
  /** The field may be `null` (rare in the API: absence is the norm). */
  nullable?: true;
  /** The field's name in GraphQL where the live schema names it otherwise (AssetDimensions' `w` is `width`). */
  graphqlName?: string;
  /** The field's GraphQL type where the live schema answers it as another (a variant's `pricesRaw: Json`). */
  graphqlType?: string;
  /** An array GraphQL answers selectable by a field of its elements (`inGraphqlSelectable`). */
  graphqlSelect?: GraphqlSelect;
};

/** `include<By>s`/`exclude<By>s` select elements by their field `by`; `paged` answers `<Element>Result`. */
export interface GraphqlSelect {
  by: string;
  paged?: true;
}

export type Fields = { readonly [name: string]: FieldShape };

/**
 * A resource: the base fields every resource has (id, version, timestamps, client logging), then its own;
 * with `base: false` its own fields are all it has (an API client has no version, an import container no id).
 */
export interface ResourceShape<Fs extends Fields = Fields> {
  kind: 'resource';
  /** Its type's name in OpenAPI and GraphQL (`Store`). */
  name: string;
  fields: Fs;
  /** Its `Query` fields when not `<name with a lower-case initial>` and the descriptor's name (`productType`). */
  graphqlQuery?: { single?: string; list?: string };
  base?: false;
}

/** A GeoJSON Point: `coordinates` is `[longitude, latitude]`. */
export type GeoJsonPoint = { type: 'Point'; coordinates: [number, number] };

/** A field described as `F` whose TypeScript value is `T` (a union the vocabulary cannot say). */
/** `__typed` is a phantom: declared, never present at run time. */
export type Typed<F, T> = F & { readonly __typed?: [T] };

type TypedValue<F> = F extends { readonly __typed?: infer T } ? NonNullable<T> : never;

type ValueOf<F> = [TypedValue<F>] extends [never]
  ? ShapeValueOf<F>
  : TypedValue<F> extends [infer T]
    ? T
    : ShapeValueOf<F>;

type ShapeValueOf<F> = F extends { kind: 'string'; const: infer C extends string }
  ? C
  : F extends { kind: 'string' | 'datetime' | 'date' | 'time' }
    ? string
    : F extends { kind: 'number' | 'integer' }
      ? number
      : F extends { kind: 'boolean' }
        ? boolean
        : F extends { kind: 'enum'; values: readonly (infer V)[] }
          ? V
          : F extends { kind: 'reference'; key: true; to: infer T extends string }
            ? KeyReference<T>
            : F extends { kind: 'reference'; to: infer T extends string }
              ? Reference<T>
              : F extends { kind: 'array'; of: infer O }
                ? Array<FieldValue<O>>
                : F extends { kind: 'union'; discriminator: infer D extends string; variants: infer Vs }
                  ? VariantOf<D, Vs>
                  : F extends { kind: 'object'; fields: infer Fs }
                    ? InferFields<Fs>
                    : F extends { kind: 'map'; of: infer O }
                      ? Record<string, FieldValue<O>>
                      : F extends { kind: 'localizedString' }
                        ? LocalizedString
                        : F extends { kind: 'custom' }
                          ? CustomFields
                          : F extends { kind: 'geoJsonPoint' }
                            ? GeoJsonPoint
                            : unknown;

/** A union's value: each variant's fields with the discriminator's literal value. */
type VariantOf<D extends string, Vs> = {
  [V in keyof Vs & string]: Simplify<{ [K in D]: V } & InferFields<FieldsOf<Vs[V]>>>;
}[keyof Vs & string];

type FieldValue<F> = F extends { nullable: true } ? ValueOf<F> | null : ValueOf<F>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type InferFields<Fs> = Simplify<
  { -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? never : K]: FieldValue<Fs[K]> } & {
    -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? K : never]?: FieldValue<Fs[K]>;
  }
>;

/** The TypeScript type a shape describes (as zod's `z.infer`). */
export type Infer<S> =
  S extends ResourceShape<infer Fs>
    ? S extends { base: false }
      ? InferFields<Fs>
      : Simplify<BaseResource & InferFields<Fs>>
    : FieldValue<S>;

/** The fields of a shape's object, as they are declared. */
export type FieldsOf<S> = S extends { fields: infer Fs } ? Fs : never;

// The builders: plain data, literal types kept for `Infer`.

export const string = <const O extends Omit<ScalarShape, 'kind'>>(options?: O) =>
  ({ kind: 'string', ...options }) as ScalarShape<'string'> & O;
export const number = () => ({ kind: 'number' }) as const;
export const integer = <const O extends Omit<ScalarShape, 'kind'>>(options?: O) =>
  ({ kind: 'integer', ...options }) as ScalarShape<'integer'> & O;
export const boolean = () => ({ kind: 'boolean' }) as const;
export const datetime = <const O extends Omit<ScalarShape, 'kind'>>(options?: O) =>
  ({ kind: 'datetime', ...options }) as ScalarShape<'datetime'> & O;
export const date = <const O extends Omit<ScalarShape, 'kind'>>(options?: O) =>
  ({ kind: 'date', ...options }) as ScalarShape<'date'> & O;
/** A string that is always `value` (what `union` gives each variant as its discriminator). */
export const literal = <const V extends string>(value: V) =>
  ({ kind: 'string', const: value }) as ScalarShape<'string'> & { const: V };
/** A secret as the API shows it: masked (`****abcd`); what was written is never answered. */
export const masked = () => ({ kind: 'string', masked: true }) as ScalarShape<'string'> & { masked: true };
export const time = () => ({ kind: 'time' }) as const;
export const enumOf = <const V extends string>(name: string, values: readonly V[]): EnumShape<V> => ({
  kind: 'enum',
  name,
  values,
});
export const reference = <const T extends string>(to: T, ...alsoTo: T[]): ReferenceShape<T> =>
  alsoTo.length > 0 ? { kind: 'reference', to, alsoTo } : { kind: 'reference', to };
/** A KeyReference `{typeId, key}` (a cart's Store). */
export const keyReference = <const T extends string>(to: T) =>
  ({ kind: 'reference', to, key: true }) as ReferenceShape<T> & { key: true };
export const array = <const F extends FieldShape>(of: F): ArrayShape<F> => ({ kind: 'array', of });
export const object = <const Fs extends Fields>(name: string, fields: Fs): ObjectShape<Fs> => ({
  kind: 'object',
  name,
  fields,
});
/**
 * One of `variants` (discriminator value -> object type), told apart by the string field `discriminator`,
 * which each variant gets as its `literal` value (declared by the union, not by the variant):
 * `union('FieldType', 'name', {Boolean: object('BooleanType', {}), ...})`.
 */
export const union = <const D extends string, const Vs extends Record<string, ObjectShape>>(
  name: string,
  discriminator: D,
  variants: Vs,
): UnionShape<D, Vs> => ({
  kind: 'union',
  name,
  discriminator,
  variants: Object.fromEntries(
    Object.entries(variants).map(([value, variant]) => {
      if (Object.hasOwn(variant.fields, discriminator)) {
        throw new Error(`${name}: ${variant.name} declares '${discriminator}', which the union gives it`);
      }
      return [value, object(variant.name, { [discriminator]: literal(value), ...variant.fields })];
    }),
  ) as unknown as Vs,
});
export const map = <const F extends FieldShape>(of: F): MapShape<F> => ({ kind: 'map', of });
export const localizedString = () => ({ kind: 'localizedString' }) as const;
/** `custom`: `{type: Reference<'type'>, fields}` (CustomFields). */
export const custom = () => ({ kind: 'custom' }) as const;
/** Any JSON value (attribute and custom field values); `graphql` names a type the SDL writes instead. */
export const json = <const O extends { graphql?: string }>(options?: O) =>
  ({ kind: 'json', ...options }) as FixedShape<'json'> & O;
/** Declares the TypeScript value of a field the vocabulary describes less precisely: `typed<TypedMoney>()(MoneyShape)`. */
export const typed =
  <T>() =>
  <const F extends FieldShape>(field: F): Typed<F, T> =>
    field;
export const geoJsonPoint = () => ({ kind: 'geoJsonPoint' }) as const;

export const optional = <const F extends FieldShape>(field: F): F & { optional: true } => ({
  ...field,
  optional: true,
});
export const nullable = <const F extends FieldShape>(field: F): F & { nullable: true } => ({
  ...field,
  nullable: true,
});

/**
 * A field GraphQL names `name` (REST's name stays the field's key); `type`: its GraphQL type where the live
 * schema answers it as another than the field's own (a variant's prices as `pricesRaw: Json`).
 */
export const inGraphqlAs = <const F extends FieldShape>(
  name: string,
  field: F,
  options: { type?: string } = {},
): F & { graphqlName: string } => ({
  ...field,
  graphqlName: name,
  ...(options.type === undefined ? {} : { graphqlType: options.type }),
});

/**
 * An array of objects GraphQL answers selectable by their field `by`, as the live schema does:
 * `<field>(include<By>s, exclude<By>s)`; `paged`: with `limit`, `offset` and `sort` (`"<field> asc|desc"`)
 * too, answering the page `<Element>Result {limit, offset, total, results}` (a ProductType's
 * `attributeDefinitions`).
 */
export const inGraphqlSelectable = <const F extends ArrayShape<ObjectShape>>(
  by: keyof FieldsOf<F['of']> & string,
  field: F,
  options: { paged?: true } = {},
): F & { graphqlSelect: GraphqlSelect } => ({ ...field, graphqlSelect: { by, ...options } });

/** A resource's user-provided key: the `key` column of its table. */
export const key = () => string({ column: 'key' });

/**
 * Declares a resource's shape: its own fields (the base fields are every resource's, unless `{base: false}`:
 * then it declares every field it has), and its `graphqlQuery` names.
 */
export const resource = <
  const Fs extends Fields,
  const O extends Pick<ResourceShape, 'graphqlQuery' | 'base'> = Record<never, never>,
>(
  name: string,
  fields: Fs,
  options?: O,
): ResourceShape<Fs> & O => ({ kind: 'resource', name, fields, ...options }) as ResourceShape<Fs> & O;

/** Calls `visit` for every object type reachable from a shape (itself first), each name once. */
export function objectTypes(
  shape: ResourceShape | ObjectShape,
  visit: (type: ResourceShape | ObjectShape) => void,
  seen = new Set<string>(),
): void {
  if (seen.has(shape.name)) return;
  seen.add(shape.name);
  visit(shape);
  for (const field of Object.values(shape.fields)) {
    for (const inner of objectsOf(field)) objectTypes(inner, visit, seen);
  }
}

/** The object types a field holds: itself, inside arrays and maps, or a union's variants. */
function objectsOf(field: FieldShape): ObjectShape[] {
  if (field.kind === 'array' || field.kind === 'map') return objectsOf(field.of);
  if (field.kind === 'object') return [field];
  if (field.kind === 'union') return Object.values(field.variants);
  return [];
}
