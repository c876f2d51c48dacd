import type { OperationId } from '@commerce/auth';
import {
  CartDiscountResource,
  DiscountGroupResource,
  AttributeGroupResource,
  CartResource,
  ChannelResource,
  DiscountCodeResource,
  MY_CART_ACTIONS,
  MY_PAYMENT_ACTIONS,
  MyCartDraftDto,
  MyPaymentDraftDto,
  OrderResource,
  PaymentResource,
  PaymentMethodResource,
  OrderEditResource,
  CustomerResource,
  CustomerGroupResource,
  InventoryEntryResource,
  ProductDiscountResource,
  RESOURCE_DESCRIPTORS,
  ReviewResource,
  MY_SHOPPING_LIST_ACTIONS,
  MyShoppingListDraftDto,
  ShoppingListResource,
  StandalonePriceResource,
  StoreResource,
  ShippingMethodResource,
  ZoneResource,
  type Descriptor,
  type ResourceShape,
  type ClassConstructor,
  type DocumentedResourceType,
  type ReadablePrefix,
  type ResourceDescriptor,
  type ResourceSubjects,
} from '@commerce/contracts';

/** A descriptor with a shape, read by `get` and `query`. */
type ShapedDescriptor = Descriptor & {
  shape: ResourceShape;
  subjects: Pick<ResourceSubjects<ReadablePrefix>, 'get' | 'query'>;
};

/** A top-level pair of GraphQL fields (`store` / `stores`) over one resource's subjects and operations. */
export interface GraphqlResource {
  single: string;
  list: string;
  typeId: string;
  subjects: Pick<ResourceSubjects<ReadablePrefix>, 'get' | 'query'>;
  operations: { get: OperationId; query: OperationId };
  /** The GraphQL type reading it answers (`Store`). */
  typeName: string;
  /** API clients are read by id only. */
  idOnly?: true;
  /** The argument that takes the key, when not `key` (an order's `orderNumber`). */
  keyArg?: string;
}

/** `order-number=` (`/order-number={n}`) -> `orderNumber`. */
const keyArgOf = (prefix: string) =>
  prefix.replace(/=$/, '').replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** A pair of fields over a resource, from its descriptor: its subjects, operations and identity. */
function described(
  single: string,
  list: string,
  descriptor: Pick<ResourceDescriptor, 'name' | 'typeId' | 'identity'> & {
    subjects: Pick<ResourceSubjects<ReadablePrefix>, 'get' | 'query'>;
  },
  typeName: string,
): GraphqlResource {
  const operation = (name: 'get' | 'query') => `${descriptor.name}.${name}` as OperationId;
  return {
    single,
    list,
    typeName,
    typeId: descriptor.typeId,
    subjects: descriptor.subjects,
    operations: { get: operation('get'), query: operation('query') },
    ...(descriptor.identity === 'id' ? { idOnly: true as const } : {}),
    ...(typeof descriptor.identity === 'object' && 'idOrPrefixed' in descriptor.identity
      ? { keyArg: keyArgOf(descriptor.identity.idOrPrefixed) }
      : {}),
  };
}

/**
 * A resource that declares its shape: `store` / `stores` (its operations' name) answering `Store`, or the
 * names its shape gives (`graphqlQuery`: `productType` answering `ProductTypeDefinition`).
 */
export function shaped(descriptor: ShapedDescriptor): GraphqlResource {
  const typeName = descriptor.shape.name;
  const { single = typeName[0].toLowerCase() + typeName.slice(1), list = descriptor.name } =
    descriptor.shape.graphqlQuery ?? {};
  return described(single, list, descriptor, typeName);
}

/**
 * The readable resources with a shape (not kept out of GraphQL): their fields and types are derived
 * (`schema/shape-types.ts`).
 */
export function shapedResources(descriptors: readonly Descriptor[]): ShapedDescriptor[] {
  return descriptors.filter(
    (descriptor): descriptor is ShapedDescriptor =>
      descriptor.shape !== undefined &&
      descriptor.graphql !== false &&
      descriptor.subjects.get !== undefined &&
      descriptor.subjects.query !== undefined,
  );
}

export const SHAPED_RESOURCES = shapedResources(RESOURCE_DESCRIPTORS);

/** The resources the query root reads; scopes come from the REST operation each field mirrors. */
export const QUERY_RESOURCES: readonly GraphqlResource[] = SHAPED_RESOURCES.map(shaped);

/** The GraphQL type of each readable type id (a reference to it resolves to one). */
export const GRAPHQL_TYPE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  QUERY_RESOURCES.map((resource) => [resource.typeId, resource.typeName]),
);

/** The operation that allows reading a resource of a reference's type, for nested reference fields. */
export const REFERENCE_READ: Readonly<Record<string, OperationId>> = Object.fromEntries(
  QUERY_RESOURCES.map((resource) => [resource.typeId, resource.operations.get]),
);

/**
 * A resource the Mutation root writes: its GraphQL name (`createStore`, `StoreUpdateAction`), its draft DTO and
 * the live schema's name of the draft input, and its update actions (all of `UPDATE_ACTIONS[typeId]`). The input
 * types are generated from these (`schema/inputs.sdl.ts`).
 */
export interface WritableResource {
  name: string;
  typeId: DocumentedResourceType;
  draft: ClassConstructor<object>;
  draftInput: string;
  /** Its update actions when not `UPDATE_ACTIONS[typeId]` (`MyCartUpdateAction`: `MY_CART_ACTIONS`). */
  actions?: Readonly<Record<string, ClassConstructor<object>>>;
  /** The resource named in its action inputs when it writes another's (`AddShoppingListLineItem`). */
  actionsOf?: string;
}

/**
 * A writable resource of the engine: `createX` (or `create`'s own name), `updateX` and `deleteX` over its
 * descriptor's subjects; with a `storeKey` argument where the descriptor is also served in a Store, and the
 * key argument its identity names (`orderNumber`).
 */
export interface EngineWritable extends WritableResource {
  descriptor: ResourceDescriptor;
  create: string;
  keyArg: string;
  inStore: boolean;
  /** Its update takes `dryRun` (the live `updateOrderEdit`): answered as it would be, nothing stored. */
  dryRun?: true;
}

type EngineDescriptor = ResourceDescriptor & { typeId: DocumentedResourceType };

function writable(
  name: string,
  descriptor: EngineDescriptor,
  draftInput: string,
  create = `create${name}`,
  options: { dryRun?: true } = {},
): EngineWritable {
  const identity = descriptor.identity;
  return {
    name,
    typeId: descriptor.typeId,
    draft: descriptor.draft,
    draftInput,
    descriptor,
    create,
    keyArg:
      typeof identity === 'object' && 'idOrPrefixed' in identity ? keyArgOf(identity.idOrPrefixed) : 'key',
    inStore: descriptor.inStore === true,
    ...options,
  };
}

export const ENGINE_WRITES: readonly EngineWritable[] = [
  writable('Store', StoreResource, 'CreateStore'),
  writable('Channel', ChannelResource, 'ChannelDraft'),
  writable('CustomerGroup', CustomerGroupResource, 'CustomerGroupDraft'),
  writable('Zone', ZoneResource, 'CreateZone'),
  writable('InventoryEntry', InventoryEntryResource, 'InventoryEntryDraft'),
  writable('ShippingMethod', ShippingMethodResource, 'ShippingMethodDraft'),
  writable('Review', ReviewResource, 'ReviewDraft'),
  writable('Payment', PaymentResource, 'PaymentDraft'),
  writable('PaymentMethod', PaymentMethodResource, 'PaymentMethodDraft'),
  writable('Cart', CartResource, 'CartDraft'),
  writable('ShoppingList', ShoppingListResource, 'ShoppingListDraft'),
  writable('ProductDiscount', ProductDiscountResource, 'ProductDiscountDraft'),
  writable('CartDiscount', CartDiscountResource, 'CartDiscountDraft'),
  writable('DiscountGroup', DiscountGroupResource, 'DiscountGroupDraft'),
  writable('AttributeGroup', AttributeGroupResource, 'AttributeGroupDraft'),
  writable('DiscountCode', DiscountCodeResource, 'DiscountCodeDraft'),
  writable('StandalonePrice', StandalonePriceResource, 'CreateStandalonePrice'),
  writable('OrderEdit', OrderEditResource, 'OrderEditDraft', 'createOrderEdit', { dryRun: true }),
  // Orders' subjects take the engine's payloads (`{ctx, draft}`, `{ctx, ref, update}`, `{ctx, ref, version}`);
  // their query answers their own page type, which is why they are not among EngineResources.
  writable('Order', OrderResource as unknown as EngineDescriptor, 'OrderCartCommand', 'createOrderFromCart'),
];

/** The token's own: `createMyCart`, `updateMyCart` (MY_CART_ACTIONS), `createMyPayment`, ... (their inputs). */
export const MY_WRITES: readonly WritableResource[] = [
  {
    name: 'MyCart',
    typeId: 'cart',
    draft: MyCartDraftDto,
    draftInput: 'MyCartDraft',
    actions: MY_CART_ACTIONS,
  },
  {
    name: 'MyPayment',
    typeId: 'payment',
    draft: MyPaymentDraftDto,
    draftInput: 'MyPaymentDraft',
    actions: MY_PAYMENT_ACTIONS,
  },
  // `/me/shopping-lists`: the 19 My actions, with the ShoppingList's action inputs.
  {
    name: 'MyShoppingList',
    typeId: ShoppingListResource.typeId,
    draft: MyShoppingListDraftDto,
    draftInput: 'MyShoppingListDraft',
    actions: MY_SHOPPING_LIST_ACTIONS,
    actionsOf: 'ShoppingList',
  },
];

/** Customers: `customerSignUp`, `updateCustomer`, `deleteCustomer` (with an optional `storeKey`). */
export const CUSTOMER_WRITES: WritableResource = {
  name: 'Customer',
  typeId: CustomerResource.typeId,
  draft: CustomerResource.draft,
  draftInput: 'CustomerSignUpDraft',
};
