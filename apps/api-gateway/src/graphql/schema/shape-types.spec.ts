import { StoreShape, shape } from '@commerce/contracts';
import { buildSchema, printType, type GraphQLInterfaceType, type GraphQLObjectType } from 'graphql';
import { typeResolvers } from '../resolvers/type.resolvers.js';
import { TYPES_SDL } from './types.sdl.js';
import { shapeTypes, type FieldReaders } from './shape-types.js';

const readers: FieldReaders = {
  localized: (field) => ({ [field]: () => 'localized', [`${field}AllLocales`]: () => [] }),
  referenced: (field, list) => () => `${field}:${list}`,
};

describe(shapeTypes.name, () => {
  it("derives the Store's type in the live API's conventions", () => {
    const schema = buildSchema(TYPES_SDL);
    const store = schema.getType('Store') as GraphQLObjectType;
    const fields = store.getFields();
    expect(String(fields.name.type)).toBe('String');
    expect(fields.name.args.map((arg) => arg.name)).toEqual(['locale', 'acceptLanguage']);
    expect(String(fields.nameAllLocales.type)).toBe('[LocalizedString!]');
    expect(String(fields.key.type)).toBe('String!');
    expect(String(fields.languages.type)).toBe('[Locale!]!');
    expect(String(fields.distributionChannelsRef.type)).toBe('[Reference!]!');
    expect(String(fields.distributionChannels.type)).toBe('[Channel!]!');
    expect(String(fields.custom.type)).toBe('CustomFieldsType');
    expect(String(fields.version.type)).toBe('Long!');
    expect(store.getInterfaces().map(String)).toEqual(['Versioned']);
    expect(printType(schema.getType('ProductSelectionSetting')!)).toContain(
      'productSelection: ProductSelection',
    );
    expect(printType(schema.getType('Storefront')!)).toContain('checkoutUrlTemplate: String\n');
    expect(String((schema.getType('StoreQueryResult') as GraphQLObjectType).getFields().results.type)).toBe(
      '[Store!]!',
    );
    const query = schema.getQueryType()!.getFields();
    expect(String(query.store.type)).toBe('Store');
    expect(String(query.stores.type)).toBe('StoreQueryResult!');
  });

  it('resolves references and localized strings of every declared object, and a reference without a readable type by its Ref only', () => {
    const Thing = shape.resource('Thing', {
      title: shape.localizedString(),
      owner: shape.reference('store'),
      secret: shape.optional(shape.reference('unreadable')),
      status: shape.enumOf('ThingStatus', ['On', 'Off']),
      parts: shape.array(shape.object('ThingPart', { label: shape.optional(shape.localizedString()) })),
    });
    const { sdl, resolvers } = shapeTypes([Thing, StoreShape], { store: 'Store' }, readers);
    expect(sdl).toContain('ownerRef: Reference!\n  owner: Store\n');
    expect(sdl).toContain('secretRef: Reference\n');
    expect(sdl).not.toContain('secret:');
    expect(sdl).toContain('enum ThingStatus {\n  On\n  Off\n}');
    expect(sdl).toContain('type ThingPart {\n  label(locale: Locale, acceptLanguage: [Locale!]): String');
    expect(Object.keys(resolvers.Thing).sort()).toEqual(
      ['owner', 'ownerRef', 'secretRef', 'title', 'titleAllLocales'].sort(),
    );
    expect(resolvers.Thing.owner({}, {}, undefined as never)).toBe('owner:false');
    expect(resolvers.ThingPart.labelAllLocales).toBeDefined();
    // Every type is emitted once, however many shapes reach it.
    expect(sdl.match(/type StoreCountry /g)).toHaveLength(1);
  });

  it("names a field as the live schema does where it differs from REST's (AssetDimensions' width and height)", () => {
    const schema = buildSchema(TYPES_SDL);
    expect(printType(schema.getType('AssetDimensions')!)).toBe(
      'type AssetDimensions {\n  width: Int!\n  height: Int!\n}',
    );
    const derived = shapeTypes(
      [
        shape.resource('Photo', {
          size: shape.object('Size', { w: shape.inGraphqlAs('width', shape.integer()) }),
        }),
      ],
      {},
      readers,
    );
    expect(derived.sdl).toContain('type Size {\n  width: Int!\n}');
    expect(derived.resolvers.Size.width({ w: 640 }, {}, undefined as never)).toBe(640);
  });

  it('derives key references, references to several types, JSON named by the SDL, and skips types the SDL writes', () => {
    const Order = shape.resource('Purchase', {
      store: shape.optional(shape.keyReference('store')),
      target: shape.reference('product', 'channel'),
      variant: shape.json({ graphql: 'ProductVariant' }),
      tier: shape.object('Tier', { price: shape.integer() }),
    });
    const { sdl } = shapeTypes([Order], { store: 'Store', product: 'Product' }, readers, new Set(['Tier']));
    expect(sdl).toContain('storeRef: KeyReference\n  store: Store\n');
    expect(sdl).toContain('targetRef: Reference!\n');
    expect(sdl).not.toContain('target:');
    expect(sdl).toContain('variant: ProductVariant!\n');
    expect(sdl).toContain('tier: Tier!\n');
    expect(sdl).not.toContain('type Tier');
  });

  it('answers the checkout types of the live API from their shapes', () => {
    const schema = buildSchema(TYPES_SDL);
    const cart = (schema.getType('Cart') as GraphQLObjectType).getFields();
    expect(String(cart.storeRef.type)).toBe('KeyReference');
    expect(String(cart.store.type)).toBe('Store');
    expect(String(cart.lineItems.type)).toBe('[LineItem!]!');
    expect(String(cart.totalPrice.type)).toBe('Money!');
    expect(String(cart.cartState.type)).toBe('CartState!');
    const order = (schema.getType('Order') as GraphQLObjectType).getFields();
    expect(String(order.cart.type)).toBe('Cart');
    expect(order.cartState).toBeUndefined();
    const lineItem = (schema.getType('LineItem') as GraphQLObjectType).getFields();
    expect(String(lineItem.variant.type)).toBe('ProductVariant!');
    const query = schema.getQueryType()!.getFields();
    expect(query.order.args.map((arg) => arg.name)).toEqual(['id', 'orderNumber']);
    expect(String(query.carts.type)).toBe('CartQueryResult!');
  });

  it('answers product types and types as the live schema: attributeDefinitions paged, the type interfaces, label(locale)', () => {
    const schema = buildSchema(TYPES_SDL);
    expect(printType(schema.getType('ProductTypeDefinition')!)).toContain(
      'attributeDefinitions(includeNames: [String!], excludeNames: [String!], limit: Int, offset: Int, sort: [String!]): AttributeDefinitionResult!',
    );
    expect(printType(schema.getType('AttributeDefinitionResult')!)).toBe(
      'type AttributeDefinitionResult {\n  limit: Int\n  offset: Int\n  total: Int!\n  results: [AttributeDefinition!]!\n}',
    );
    const attribute = (schema.getType('AttributeDefinition') as GraphQLObjectType).getFields();
    expect(String(attribute.type.type)).toBe('AttributeDefinitionType!');
    expect(attribute.label.args.map((arg) => arg.name)).toEqual(['locale', 'acceptLanguage']);
    expect(String(attribute.attributeConstraint.type)).toBe('AttributeConstraint!');
    expect(String(attribute.inputHint.type)).toBe('TextInputHint!');
    expect(String(attribute.inputTipAllLocales.type)).toBe('[LocalizedString!]');
    const implementations = (name: string) =>
      schema
        .getPossibleTypes(schema.getType(name) as GraphQLInterfaceType)
        .map(String)
        .sort();
    expect(implementations('AttributeDefinitionType')).toEqual(
      [
        'Boolean',
        'Date',
        'DateTime',
        'Enum',
        'LocalizableEnum',
        'LocalizableText',
        'Money',
        'Number',
        'Reference',
        'Set',
        'Text',
        'Time',
      ].map((kind) => `${kind}AttributeDefinitionType`),
    );
    expect(printType(schema.getType('EnumAttributeDefinitionType')!)).toContain(
      'values(includeKeys: [String!], excludeKeys: [String!], limit: Int, offset: Int, sort: [String!]): PlainEnumValueResult!',
    );
    expect(printType(schema.getType('SetAttributeDefinitionType')!)).toContain(
      'elementType: AttributeDefinitionType!',
    );
    expect(printType(schema.getType('TypeDefinition')!)).toContain(
      'fieldDefinitions(includeNames: [String!], excludeNames: [String!]): [FieldDefinition!]!',
    );
    expect(implementations('FieldType')).toEqual([
      'BooleanType',
      'DateTimeType',
      'DateType',
      'EnumType',
      'LocalizedEnumType',
      'LocalizedStringType',
      'MoneyType',
      'NumberType',
      'ReferenceType',
      'SetType',
      'StringType',
      'TimeType',
    ]);
    expect(printType(schema.getType('LocalizedEnumValue')!)).toContain(
      'labelAllLocales: [LocalizedString!]!',
    );
    const query = schema.getQueryType()!.getFields();
    expect(String(query.productType.type)).toBe('ProductTypeDefinition');
    expect(String(query.productTypes.type)).toBe('ProductTypeDefinitionQueryResult!');
    expect(String(query.typeDefinition.type)).toBe('TypeDefinition');
    expect(String(query.typeDefinitions.type)).toBe('TypeDefinitionQueryResult!');
  });

  it("resolves a union's variant by its discriminator and selects and pages an array by its elements' field", () => {
    const Kind = shape.union('Kind', 'name', {
      plain: shape.object('PlainKind', {}),
      listed: shape.object('ListedKind', {
        values: shape.inGraphqlSelectable(
          'key',
          shape.array(shape.object('Value', { key: shape.string() })),
          {
            paged: true,
          },
        ),
      }),
    });
    const { sdl, resolvers } = shapeTypes(
      [
        shape.resource('Thing', {
          kind: Kind,
          parts: shape.inGraphqlSelectable(
            'name',
            shape.array(shape.object('Part', { name: shape.string() })),
          ),
        }),
      ],
      {},
      readers,
    );
    expect(sdl).toContain('interface Kind {\n  name: String!\n}');
    expect(sdl).toContain('type PlainKind implements Kind {\n  name: String!\n}');
    expect(sdl).toContain('parts(includeNames: [String!], excludeNames: [String!]): [Part!]!');
    const resolveType = resolvers.Kind.resolveType as unknown as (value: object) => string | undefined;
    expect(resolveType({ name: 'listed' })).toBe('ListedKind');
    expect(resolveType({ name: 'unknown' })).toBeUndefined();
    const parts = { parts: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] };
    const read = (type: string, field: string, parent: object, args: object) =>
      resolvers[type][field](
        parent as Record<string, unknown>,
        args as Record<string, unknown>,
        undefined as never,
      );
    expect(read('Thing', 'parts', parts, { includeNames: ['a', 'c'], excludeNames: ['c'] })).toEqual([
      { name: 'a' },
    ]);
    const values = { values: ['x', 'y', 'z', 'w'].map((key) => ({ key, name: 'listed' })) };
    expect(read('ListedKind', 'values', values, { sort: ['key desc'], offset: 1, limit: 2 })).toEqual({
      limit: 2,
      offset: 1,
      total: 4,
      results: [
        { key: 'y', name: 'listed' },
        { key: 'x', name: 'listed' },
      ],
    });
    expect(read('ListedKind', 'values', values, { excludeKeys: ['x'] })).toMatchObject({
      total: 3,
      limit: null,
    });
    expect(() => read('ListedKind', 'values', values, { sort: ['color asc'] })).toThrow(
      /Malformed sort 'color asc'/,
    );
    expect(() => read('ListedKind', 'values', values, { limit: -1 })).toThrow(
      /limit: must be a non-negative/,
    );
  });

  it('refuses a selectable array whose elements lack the field it selects by', () => {
    const broken = shape.resource('Broken', {
      parts: { ...shape.array(shape.object('Piece', { id: shape.string() })), graphqlSelect: { by: 'name' } },
    });
    expect(() => shapeTypes([broken], {}, readers)).toThrow(
      /Broken.parts: only an array of objects with 'name'/,
    );
  });

  it('derives a union as an interface its members implement, resolved by their type; a resource without base fields as a plain type', () => {
    const Box = shape.resource(
      'Box',
      {
        id: shape.string(),
        lid: shape.union('Lid', 'type', {
          Flat: shape.object('FlatLid', {}),
          Dome: shape.object('DomeLid', { height: shape.integer() }),
        }),
      },
      { base: false },
    );
    const { sdl, resolvers } = shapeTypes([Box], {}, readers);
    const schema = buildSchema(`scalar Long\n${sdl}\ntype Query { box: Box }`);
    expect(printType(schema.getType('Box')!)).toBe('type Box {\n  id: String!\n  lid: Lid!\n}');
    expect(printType(schema.getType('Lid')!)).toBe('interface Lid {\n  type: String!\n}');
    expect(printType(schema.getType('DomeLid')!)).toBe(
      'type DomeLid implements Lid {\n  type: String!\n  height: Int!\n}',
    );
    const resolveType = resolvers.Lid.resolveType as unknown as (value: object) => string | undefined;
    expect(resolveType({ type: 'Dome' })).toBe('DomeLid');
    expect(resolveType({ type: 'Round' })).toBeUndefined();
  });

  it("answers an order edit's result as the live schema types it: the OrderEditResult interface, a preview an Order", () => {
    const schema = buildSchema(TYPES_SDL);
    const fields = (name: string) =>
      Object.fromEntries(
        Object.values((schema.getType(name) as GraphQLObjectType).getFields()).map((field) => [
          field.name,
          String(field.type),
        ]),
      );
    const interfaces = (name: string) =>
      (schema.getType(name) as GraphQLObjectType).getInterfaces().map((type) => type.name);
    // The live schema.graphql (commercetools-sdk-java-v2, commercetools-graphql-api): OrderEdit's result and
    // stagedActions, the four OrderEditResult types, OrderExcerpt (whose version is Long there) and the
    // OrderMessagePayload interface.
    expect(fields('OrderEdit').result).toBe('OrderEditResult!');
    expect(fields('OrderEditResult')).toEqual({ type: 'String!' });
    expect(fields('NotProcessed')).toEqual({ type: 'String!' });
    expect(fields('PreviewSuccess')).toEqual({
      type: 'String!',
      preview: 'Order!',
      messagePayloads: '[OrderMessagePayload!]!',
    });
    expect(fields('PreviewFailure')).toEqual({ type: 'String!', errors: '[Json!]!' });
    expect(fields('Applied')).toEqual({
      type: 'String!',
      appliedAt: 'DateTime!',
      excerptBeforeEdit: 'OrderExcerpt!',
      excerptAfterEdit: 'OrderExcerpt!',
    });
    for (const type of ['NotProcessed', 'PreviewSuccess', 'PreviewFailure', 'Applied']) {
      expect(interfaces(type)).toEqual(['OrderEditResult']);
    }
    expect(fields('OrderExcerpt')).toEqual({
      totalPrice: 'Money!',
      taxedPrice: 'TaxedPrice',
      version: 'Long!',
    });
    expect(fields('OrderMessagePayload')).toEqual({ type: 'String!' });
    expect(interfaces('RawOrderMessagePayload')).toEqual(['OrderMessagePayload']);
    // Not yet typed: the live [StagedOrderUpdateActionOutput!]!.
    expect(fields('OrderEdit').stagedActions).toBe('[Json!]!');

    const resolveType = (name: string, value: object) =>
      (typeResolvers as unknown as Record<string, { resolveType(value: object): string | undefined }>)[
        name
      ].resolveType(value);
    expect(resolveType('OrderEditResult', { type: 'PreviewSuccess' })).toBe('PreviewSuccess');
    expect(resolveType('OrderEditResult', { type: 'Applied' })).toBe('Applied');
    expect(resolveType('OrderMessagePayload', { type: 'OrderLineItemAdded' })).toBe('RawOrderMessagePayload');
    const payload = { type: 'OrderLineItemAdded', addedQuantity: 2 };
    expect(typeResolvers.RawOrderMessagePayload.value(payload)).toEqual(payload);
  });

  it('answers API clients without their secret and extensions with their destinations, derived from their shapes', () => {
    const schema = buildSchema(TYPES_SDL);
    const client = schema.getType('APIClientWithoutSecret') as GraphQLObjectType;
    expect(Object.keys(client.getFields())).not.toContain('secret');
    expect(String(client.getFields().lastUsedAt.type)).toBe('Date');
    expect(client.getInterfaces()).toEqual([]);
    const query = schema.getQueryType()!.getFields();
    expect(query.apiClient.args.map((arg) => arg.name)).toEqual(['id']);
    expect(String(query.apiClients.type)).toBe('APIClientWithoutSecretQueryResult!');
    expect(String(query.extension.type)).toBe('Extension');
    const extension = (schema.getType('Extension') as GraphQLObjectType).getFields();
    expect(String(extension.destination.type)).toBe('ExtensionDestination!');
    expect(String(extension.triggers.type)).toBe('[Trigger!]!');
    expect(printType(schema.getType('HttpDestination')!)).toContain(
      'authentication: HttpDestinationAuthentication',
    );
    expect(query.importContainer).toBeUndefined();
    // The live GraphQL API has no insights: its configuration's shape stays REST's.
    expect(query.insightsConfiguration).toBeUndefined();
    expect(schema.getType('InsightsConfiguration')).toBeUndefined();
  });
});
