import { SetCustomFieldAction, SetCustomTypeAction } from '../common/dto.js';
import { allSubjects } from '../contract-map.js';
import { SUBJECT_OWNERS, ownerOfSubject } from '../services.js';
import { ownerOf } from './cross-service-references.js';
import { TYPE_OWNERS } from './ownership.js';
import { CUSTOMER_ACTIONS } from '../customers/customer-actions.dto.js';
import { STORE_ACTIONS } from '../stores/store-actions.dto.js';
import { UPDATE_ACTIONS, isDocumentedResourceType } from '../update-actions.js';
import {
  COLLECTION_OPERATIONS,
  SINGLETON_OPERATIONS,
  fullActionsOf,
  identityParam,
  operationsOf,
  type Descriptor,
} from './descriptor.js';
import {
  ApiClientResource,
  CustomerResource,
  ImportContainerResource,
  InsightsConfigurationResource,
  RESOURCE_DESCRIPTORS,
  StoreResource,
} from './descriptors.js';

const descriptors: readonly Descriptor[] = RESOURCE_DESCRIPTORS;
/** Resources whose update route takes `{version, actions}`: their actions are the documented unions. */
const updatedByActions = descriptors.filter(
  (descriptor) => operationsOf(descriptor).includes('update') && !descriptor.update,
);

describe('the resource descriptors', () => {
  it('say who owns what: every subject prefix and every referenceable type id, from their owners', () => {
    for (const subject of allSubjects()) expect(ownerOfSubject(subject)).toMatch(/-service$/);
    expect(SUBJECT_OWNERS).toEqual({
      auth: 'auth-service',
      stores: 'stores-service',
      catalog: 'catalog-service',
      insights: 'insights-service',
      import: 'import-service',
      checkout: 'checkout-service',
    });
    expect(TYPE_OWNERS).toEqual({
      store: 'stores',
      channel: 'catalog',
      'customer-group': 'catalog',
      type: 'catalog',
      'product-type': 'catalog',
      product: 'catalog',
      'product-selection': 'catalog',
      category: 'catalog',
      'tax-category': 'catalog',
      'attribute-group': 'catalog',
      state: 'catalog',
      'inventory-entry': 'catalog',
      review: 'catalog',
      'key-value-document': 'catalog',
      customer: 'auth',
      extension: 'auth',
      zone: 'checkout',
      'shipping-method': 'checkout',
      cart: 'checkout',
      payment: 'checkout',
      order: 'checkout',
      'order-edit': 'checkout',
      'recurrence-policy': 'checkout',
      'recurring-order': 'checkout',
      'payment-method': 'checkout',
      'shopping-list': 'checkout',
      'cart-discount': 'checkout',
      'discount-code': 'checkout',
      'discount-group': 'checkout',
      'product-discount': 'catalog',
      'standalone-price': 'catalog',
      subscription: 'auth',
    });
  });

  it("name a type id's owner, and none for a name of Object.prototype's members", () => {
    expect(ownerOf('category')).toBe(TYPE_OWNERS.category);
    for (const name of ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'])
      expect(ownerOf(name)).toBeUndefined();
  });

  it('name every resource once, by name, path and type id', () => {
    for (const field of ['name', 'path', 'typeId'] as const) {
      const values = descriptors.map((descriptor) => descriptor[field]);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('declare the actions of every resource with an update-action route', () => {
    const missing = updatedByActions.filter((descriptor) => !descriptor.actions).map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(InsightsConfigurationResource.actions).toBeDefined();
  });

  it('name only subjects the contract map knows', () => {
    const known = new Set<string>(allSubjects());
    for (const descriptor of descriptors) {
      for (const subject of Object.values(descriptor.subjects)) expect(known.has(subject)).toBe(true);
    }
  });

  it('have a subject for every wire call their operations make', () => {
    const wireCall = (operation: string) => (operation === 'existsWhere' ? 'exists' : operation) as 'get';
    const missing = descriptors.flatMap((descriptor) =>
      operationsOf(descriptor)
        .filter((operation) => !descriptor.subjects[wireCall(operation)])
        .map((operation) => `${descriptor.name}.${operation}`),
    );
    expect(missing).toEqual([]);
  });

  it('give each form its operations, and a resource fewer only where it says so', () => {
    expect(operationsOf(StoreResource)).toEqual(COLLECTION_OPERATIONS);
    expect(operationsOf(InsightsConfigurationResource)).toEqual(SINGLETON_OPERATIONS);
    expect(operationsOf(ApiClientResource)).not.toContain('update');
    expect(operationsOf(ImportContainerResource)).not.toContain('exists');
  });

  it('address one resource by the identity they declare', () => {
    expect(identityParam((StoreResource as Descriptor).identity)).toBe('idOrKey');
    expect(identityParam(ApiClientResource.identity)).toBe('id');
    expect(identityParam(ImportContainerResource.identity)).toBe('importContainerKey');
  });
});

describe('UPDATE_ACTIONS', () => {
  it("equals the descriptors' action tables, with the custom-fields pair where a descriptor has it", () => {
    const derived = Object.fromEntries(
      updatedByActions.map((descriptor) => [descriptor.typeId, fullActionsOf(descriptor)]),
    );
    expect(UPDATE_ACTIONS).toEqual(derived);
    expect(Object.keys(UPDATE_ACTIONS).sort()).toEqual(updatedByActions.map(({ typeId }) => typeId).sort());
  });

  it('shares the DTO classes of the action tables (one declaration per action)', () => {
    expect(UPDATE_ACTIONS.store.setName).toBe(STORE_ACTIONS.setName);
    expect(UPDATE_ACTIONS.customer.setFirstName).toBe(CUSTOMER_ACTIONS.setFirstName);
    expect(UPDATE_ACTIONS.store.setCustomType).toBe(SetCustomTypeAction);
    expect(UPDATE_ACTIONS.customer.setCustomField).toBe(SetCustomFieldAction);
    expect(Object.keys(UPDATE_ACTIONS.store)).toHaveLength(Object.keys(STORE_ACTIONS).length + 2);
  });

  it('adds the custom-fields pair only where a descriptor asks for it', () => {
    expect(Object.keys(UPDATE_ACTIONS['product-type'])).not.toContain('setCustomType');
    expect(Object.keys(UPDATE_ACTIONS.category)).toContain('setCustomType');
  });

  it('leaves out resources with an update of their own (insights: `{actions}` without a version)', () => {
    expect(isDocumentedResourceType(InsightsConfigurationResource.typeId)).toBe(false);
    expect(isDocumentedResourceType(CustomerResource.typeId)).toBe(true);
    expect(isDocumentedResourceType(ApiClientResource.typeId)).toBe(false);
  });
});
