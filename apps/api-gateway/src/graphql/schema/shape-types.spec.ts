import { StoreShape, shape } from '@commerce/contracts';
import { buildSchema, printType, type GraphQLObjectType } from 'graphql';
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

  it('derives a union as an interface its members implement, resolved by their type; a resource without base fields as a plain type', () => {
    const Box = shape.resource(
      'Box',
      {
        id: shape.string(),
        lid: shape.union(
          'Lid',
          shape.object('FlatLid', { type: shape.literal('Flat') }),
          shape.object('DomeLid', { type: shape.literal('Dome'), height: shape.integer() }),
        ),
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
    const resolveType = resolvers.Lid.resolveType;
    expect(resolveType({ type: 'Dome' }, {}, undefined as never)).toBe('DomeLid');
    expect(resolveType({ type: 'Round' }, {}, undefined as never)).toBeNull();
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
  });
});
