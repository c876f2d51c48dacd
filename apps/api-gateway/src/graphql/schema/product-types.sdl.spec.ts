import {
  buildSchema,
  getNullableType,
  isNonNullType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import { typeResolvers } from '../resolvers/type.resolvers.js';
import { TYPES_SDL } from './types.sdl.js';

/**
 * The product types as the SDL wrote them by hand before ProductShape declared them (as they were; the
 * scalars and types they name come from TYPES_SDL). The derived ones must keep every field with its arguments
 * and type; a derived field may only be stricter (non-null where the hand-written one was nullable) or new.
 */
const WRITTEN_BEFORE = /* GraphQL */ `
  type RawProductAttribute {
    name: String!
    value: Json!
  }
  type ProductVariant {
    id: Int!
    key: String
    sku: String
    attributesRaw: [RawProductAttribute!]!
    pricesRaw: Json
  }
  type ProductData {
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    description(locale: Locale, acceptLanguage: [Locale!]): String
    descriptionAllLocales: [LocalizedString!]
    slug(locale: Locale, acceptLanguage: [Locale!]): String
    slugAllLocales: [LocalizedString!]!
    masterVariant: ProductVariant!
    variants: [ProductVariant!]!
    allVariants: [ProductVariant!]!
  }
  type ProductCatalogData {
    published: Boolean!
    hasStagedChanges: Boolean!
    current: ProductData
    staged: ProductData
  }
  type Product {
    id: String!
    version: Long!
    key: String
    productTypeRef: Reference!
    productType: ProductTypeDefinition
    masterData: ProductCatalogData!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }
  type ProductQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Product!]!
  }
`;

const SCALARS = ['Long', 'DateTime', 'Locale', 'Json'].map((name) => `scalar ${name}`).join('\n');
const REFERENCED = `
  type LocalizedString { locale: Locale! value: String! }
  type Reference { typeId: String! id: String! }
  type Initiator { clientId: String }
  type ProductTypeDefinition { id: String! }
  type Query { product(id: String, key: String): Product }
`;

/** Whether `now` answers whatever a query of `before` selects: the same type, or the same made non-null. */
function compatible(before: GraphQLOutputType, now: GraphQLOutputType): boolean {
  if (String(before) === String(now)) return true;
  return !isNonNullType(before) && isNonNullType(now) && String(getNullableType(now)) === String(before);
}

function changed(name: string, before: GraphQLField<unknown, unknown>, now?: GraphQLField<unknown, unknown>) {
  if (!now) return [`${name}: missing`];
  const args = (field: GraphQLField<unknown, unknown>) =>
    field.args.map((arg) => `${arg.name}: ${String(arg.type)}`);
  if (JSON.stringify(args(before)) !== JSON.stringify(args(now))) return [`${name}: arguments`];
  return compatible(before.type, now.type)
    ? []
    : [`${name}: ${String(before.type)} became ${String(now.type)}`];
}

describe('the product types derived from ProductShape', () => {
  const before = buildSchema(`${SCALARS}\n${REFERENCED}\n${WRITTEN_BEFORE}`);
  const now = buildSchema(TYPES_SDL);
  const names = ['RawProductAttribute', 'ProductVariant', 'ProductData', 'ProductCatalogData', 'Product'];

  it.each([...names, 'ProductQueryResult'])('%s keeps every field the hand-written type had', (name) => {
    const old = (before.getType(name) as GraphQLObjectType).getFields();
    const derived = (now.getType(name) as GraphQLObjectType).getFields();
    expect(
      Object.entries(old).flatMap(([field, spec]) =>
        changed(`${name}.${field}`, spec, Object.hasOwn(derived, field) ? derived[field] : undefined),
      ),
    ).toEqual([]);
  });

  it('reads the root fields as before: product(id, key) and products(where, sort, limit, offset)', () => {
    const query = now.getQueryType()!.getFields();
    expect(changed('product', before.getQueryType()!.getFields().product, query.product)).toEqual([]);
    expect(query.products.args.map((arg) => arg.name)).toEqual(['where', 'sort', 'limit', 'offset']);
    expect(String(query.products.type)).toBe('ProductQueryResult!');
  });

  it('resolves the renamed and computed fields from the REST document', () => {
    const variant = { id: 1, prices: [{ id: 'p' }], attributes: [{ name: 'a', value: 1 }] };
    const resolvers = typeResolvers as unknown as Record<string, Record<string, (parent: object) => unknown>>;
    expect(resolvers.ProductVariant.pricesRaw(variant)).toEqual([{ id: 'p' }]);
    expect(resolvers.ProductVariant.attributesRaw(variant)).toEqual([{ name: 'a', value: 1 }]);
    expect(resolvers.ProductData.allVariants({ masterVariant: variant, variants: [{ id: 2 }] })).toEqual([
      variant,
      { id: 2 },
    ]);
    expect(resolvers.ProductData.nameAllLocales).toBeDefined();
    expect(resolvers.Product.productTypeRef({ productType: { typeId: 'product-type', id: 't' } })).toEqual({
      typeId: 'product-type',
      id: 't',
    });
  });

  it('names a field whose type became incompatible', () => {
    const a = buildSchema('type Query { x: String y: Int z: [Int] }').getQueryType()!.getFields();
    const b = buildSchema('type Query { x: String! y: String z: [Int!] }').getQueryType()!.getFields();
    expect(changed('x', a.x, b.x)).toEqual([]);
    expect(changed('y', a.y, b.y)).toEqual(['y: Int became String']);
    expect(changed('z', a.z, b.z)).toEqual(['z: [Int] became [Int!]']);
    expect(changed('w', a.x, undefined)).toEqual(['w: missing']);
  });
});
