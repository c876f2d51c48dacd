import {
  ApiClientShape,
  CartShape,
  CategoryShape,
  CustomObjectShape,
  CustomerShape,
  ExtensionShape,
  InventoryEntryShape,
  OrderShape,
  PaymentShape,
  ProductProjectionShape,
  ProductSelectionShape,
  ProductShape,
  ProductTypeShape,
  ReviewShape,
  ShippingMethodShape,
  StateShape,
  SubscriptionShape,
  TaxCategoryShape,
  TypeShape,
  ZoneShape,
  type ResourceShape,
} from '@commerce/contracts';
import * as before from './__fixtures__/query-schemas-before-shapes.js';
import type { FieldSpec, QuerySchema } from './schema.js';
import { querySchemaOf } from './shape-schema.js';

/** A Reference written out as an object: the same `typeId` and `id` a `reference` field accepts. */
const REFERENCE_AS_OBJECT = {
  type: 'object',
  fields: { typeId: { type: 'string' }, id: { type: 'string' } },
};

/** Where a field the hand-written schema accepted is not accepted the same by the derived one. */
function lost(written: FieldSpec, derived: FieldSpec | undefined, path: string): string[] {
  if (!derived) return [`${path}: missing`];
  if (written.type === 'object' && derived.type === 'reference') {
    return JSON.stringify(written) === JSON.stringify(REFERENCE_AS_OBJECT) ? [] : [`${path}: reference`];
  }
  if (written.type !== derived.type) return [`${path}: ${written.type} became ${derived.type}`];
  if (written.type === 'object' && derived.type === 'object')
    return covered(written.fields, derived.fields, path);
  if (
    (written.type === 'array' || written.type === 'map') &&
    (derived.type === 'array' || derived.type === 'map')
  ) {
    return lost(written.of, derived.of, `${path}[]`);
  }
  if ('column' in written && written.column !== ('column' in derived ? derived.column : undefined)) {
    return [`${path}: column ${written.column}`];
  }
  return [];
}

function covered(written: QuerySchema, derived: QuerySchema, path = ''): string[] {
  return Object.entries(written).flatMap(([name, spec]) =>
    lost(spec, Object.hasOwn(derived, name) ? derived[name] : undefined, path ? `${path}.${name}` : name),
  );
}

const MIGRATED: [string, QuerySchema, ResourceShape][] = [
  ['Cart', before.cartQuerySchema, CartShape],
  ['Order', before.orderQuerySchema, OrderShape],
  ['Payment', before.paymentQuerySchema, PaymentShape],
  ['Zone', before.zoneQuerySchema, ZoneShape],
  ['ShippingMethod', before.shippingMethodQuerySchema, ShippingMethodShape],
  ['InventoryEntry', before.inventoryQuerySchema, InventoryEntryShape],
  ['Review', before.reviewQuerySchema, ReviewShape],
  ['CustomObject', before.customObjectQuerySchema, CustomObjectShape],
  ['State', before.stateQuerySchema, StateShape],
  ['TaxCategory', before.taxCategoryQuerySchema, TaxCategoryShape],
  ['ProductSelection', before.productSelectionQuerySchema, ProductSelectionShape],
  ['Category', before.categoryQuerySchema, CategoryShape],
  ['Customer', before.customerQuerySchema, CustomerShape],
  ['ProductType', before.productTypeQuerySchema, ProductTypeShape],
  ['Type', before.typeQuerySchema, TypeShape],
  ['ApiClient', before.apiClientQuerySchema, ApiClientShape],
  ['Extension', before.extensionQuerySchema, ExtensionShape],
  ['Subscription', before.subscriptionQuerySchema, SubscriptionShape],
  ['Product', before.productQuerySchema, ProductShape],
  ['ProductProjection', before.projectionQuerySchema, ProductProjectionShape],
];

describe('query schemas derived from the shapes that replaced hand-written ones', () => {
  it.each(MIGRATED)(
    '%s: every field the hand-written schema accepted is accepted alike',
    (_name, written, shape) => {
      expect(covered(written, querySchemaOf(shape))).toEqual([]);
    },
  );

  it('names a field the derived schema lost', () => {
    expect(covered({ total: { type: 'number' } }, { total: { type: 'string' } })).toEqual([
      'total: number became string',
    ]);
    expect(covered({ a: { type: 'object', fields: { b: { type: 'string' } } } }, {})).toEqual(['a: missing']);
  });
});
