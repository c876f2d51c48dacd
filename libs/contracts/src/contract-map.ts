import type { ApiClient, ApiClientWithSecret } from './auth/api-client.types.js';
import type { ReleasedImageFile } from './products/image-files.js';
import type { IntrospectionResponse, OAuthClientRequest } from './auth/oauth.types.js';
import type {
  TokenRequest,
  TokenResponse,
  TokenRevocationsPage,
  TokenRevocationsRequest,
  VerifyTokenResult,
} from './auth/token.types.js';
import type { Category } from './categories/category.types.js';
import type { Channel } from './channels/channel.types.js';
import type { IdOrKey } from './common/identifiers.js';
import type { PagedQueryResponse } from './common/types.js';
import type { RequestContext, Rpc } from './context.js';
import type { Extension, TriggeredExtension } from './extensions/extension.types.js';
import type {
  DeliverableSubscription,
  Subscription,
  SubscriptionHealthReport,
} from './subscriptions/subscription.types.js';
import type { CustomerGroup } from './customer-groups/customer-group.shape.js';
import type { Customer, CustomerSignInResult, CustomerToken } from './customers/customer.types.js';
import type {
  CatalogResourceCreatedEvent,
  ProjectChangedEvent,
  StoreChangedEvent,
  TokenRevokedEvent,
} from './events.js';
import type {
  ImportContainer,
  ImportOperation,
  ImportResponse,
  ImportOutcome,
  ImportSummary,
  InventoryImportItem,
  OrderImportItem,
  ProductPriceImportItem,
  ProductPriceImportOutcome,
  StandalonePriceImportItem,
} from './import/import.types.js';
import type { InsightsConfiguration } from './insights/insights-configuration.shape.js';
import type { TelemetryBatch, TelemetryReceipt } from './insights/insights.types.js';
import type { Cart } from './carts/cart.types.js';
import type { ShoppingList } from './shopping-lists/shopping-list.shape.js';
import type { CheckoutLineItemsRequest, CheckoutLineItemsResponse } from './carts/checkout-catalog.types.js';
import type { CheckedInStoreToken, InStoreIntegration } from './instore/in-store-integration.types.js';
import type { Message } from './messages/message.types.js';
import type {
  ProductSelectionAssignment,
  ProductSelection,
} from './product-selections/product-selection.types.js';
import type {
  AssignedProductReference,
  AssignedProductSelection,
} from './product-selections/product-selection.types.js';
import type { ProductType } from './product-types/product-type.types.js';
import type { ProductImageUploadRequest } from './products/product-catalog.dto.js';
import type { Product, ProductProjection } from './products/product.types.js';
import type { CreateProjectResult, ExternalOAuth, Project } from './projects/project.types.js';
import {
  MESSAGE_SOURCES,
  type MessageSource,
  type ReferenceLookup,
  type ReferenceOwner,
  type ResolvedReference,
} from './resources/ownership.js';
import type { PendingReferenceQuery } from './resources/cross-service-references.js';
import type {
  CustomerPagedSearchResponse,
  CustomerSearchIndexingStatusResponse,
  ProductPagedSearchResponse,
} from './search/search.types.js';
import type { State } from './states/state.types.js';
import type { Store } from './stores/store.shape.js';
import { Events, Subjects } from './subjects.js';
import type { TaxCategory } from './tax-categories/tax-category.types.js';
import type { AttributeGroup } from './attribute-groups/attribute-group.shape.js';
import type {
  InventoryEntry,
  InventoryReservation,
  InventoryReservationItem,
} from './inventory/inventory.types.js';
import type { Review } from './reviews/review.types.js';
import type { ProductDiscount } from './product-discounts/product-discount.shape.js';
import type { StandalonePrice } from './standalone-prices/standalone-price.shape.js';
import type {
  CustomObject,
  CustomObjectPutResult,
  CustomObjectRef,
} from './custom-objects/custom-object.types.js';
import type { Type } from './types/type.types.js';
import type { ShippingMethod } from './shipping-methods/shipping-method.types.js';
import type { CartDiscount } from './cart-discounts/cart-discount.shape.js';
import type { DiscountGroup } from './discount-groups/discount-group.shape.js';
import type { DiscountCode } from './discount-codes/discount-code.shape.js';
import type { Zone } from './zones/zone.types.js';
import type { Order } from './orders/order.types.js';
import type { Payment } from './payments/payment.types.js';
import type { RecurrencePolicy } from './recurring-orders/recurrence-policy.shape.js';
import type { RecurringOrder } from './recurring-orders/recurring-order.shape.js';
import type { OrderEdit } from './order-edits/order-edit.shape.js';
import type { PaymentMethod } from './payment-methods/payment-method.shape.js';

/**
 * The typed message contracts: for every subject, what the caller sends and what the handler answers. Both
 * sides import this map (`RpcClient.send(subject, payload)` and `@Handles(subject)` in `@commerce/messaging`),
 * so a caller and a handler that disagree on a shape fail to compile. The same contracts serve NATS and the
 * in-process bus. Fields a service validates itself (drafts, update bodies forwarded from HTTP) are `unknown`
 * on the wire: the owner never trusts them.
 */
export interface Contract<Request, Response> {
  request: Request;
  response: Response;
}

/** The query string as the gateway received it (validated again by the owner). */
export type WireQuery = Record<string, string | string[] | undefined>;

/** The first segment of every subject: the service that answers it (`SUBJECT_OWNERS`). */
export const SUBJECT_PREFIXES = ['auth', 'stores', 'catalog', 'insights', 'import', 'checkout'] as const;
export type SubjectPrefix = (typeof SUBJECT_PREFIXES)[number];
const REFERENCE_OWNERS = [
  'stores',
  'catalog',
  'auth',
  'checkout',
] as const satisfies readonly ReferenceOwner[];

/** The six operations of a versioned resource, as its gateway routes and GraphQL fields send them. */
export interface VersionedResourceContracts<T> {
  create: Contract<Rpc<{ draft: unknown }>, T>;
  get: Contract<Rpc<{ ref: IdOrKey }>, T>;
  query: Contract<Rpc<{ query?: WireQuery }>, PagedQueryResponse<T>>;
  exists: Contract<Rpc<{ ref?: IdOrKey; query?: WireQuery }>, boolean>;
  update: Contract<Rpc<{ ref: IdOrKey; update: unknown }>, T>;
  delete: Contract<Rpc<{ ref: IdOrKey; version: number }>, T>;
}

type Prefixed<P extends string, M> = { [K in keyof M & string as `${P}.${K}`]: M[K] };

/** Versioned resources served by the shared engine (`@commerce/resources`), by subject prefix. */
export interface EngineResources {
  'stores.stores': Store;
  'catalog.channels': Channel;
  'catalog.customer-groups': CustomerGroup;
  'catalog.types': Type;
  'catalog.product-types': ProductType;
  'catalog.products': Product;
  'catalog.product-selections': ProductSelection;
  'catalog.categories': Category;
  'catalog.tax-categories': TaxCategory;
  'catalog.attribute-groups': AttributeGroup;
  'catalog.states': State;
  'checkout.zones': Zone;
  'checkout.payments': Payment;
  'checkout.carts': Cart;
  'catalog.inventory': InventoryEntry;
  'auth.extensions': Extension;
  'auth.subscriptions': Subscription;
  'checkout.shipping-methods': ShippingMethod;
  'checkout.cart-discounts': CartDiscount;
  'checkout.discount-codes': DiscountCode;
  'checkout.discount-groups': DiscountGroup;
  'catalog.reviews': Review;
  'checkout.recurrence-policies': RecurrencePolicy;
  'checkout.recurring-orders': RecurringOrder;
  'checkout.order-edits': OrderEdit;
  'checkout.payment-methods': PaymentMethod;
  'checkout.shopping-lists': ShoppingList;
  'catalog.product-discounts': ProductDiscount;
  'catalog.standalone-prices': StandalonePrice;
}
export type ResourcePrefix = keyof EngineResources;
/** Every resource with the six operations: the engine's and customers. */
export type VersionedPrefix = ResourcePrefix | 'auth.customers';
/** Prefixes whose `get` and `query` GraphQL reads. */
export type ReadablePrefix = VersionedPrefix | 'auth.api-clients';

type EngineContracts = {
  [P in ResourcePrefix]: Prefixed<P, VersionedResourceContracts<EngineResources[P]>>;
}[ResourcePrefix];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** What every service answers for its prefix: references (`resolve`), Messages, and the readiness ping. */
type ResolveContracts = {
  [P in ReferenceOwner as `${P}.resolve`]: Contract<Rpc<{ refs: ReferenceLookup[] }>, ResolvedReference[]>;
};
/** The cross-service reference protocol (docs/CONSISTENCY.md): reserve on the owner, pending on the referrer. */
type ReferenceContracts = {
  [P in ReferenceOwner as `${P}.references.reserve`]: Contract<
    Rpc<{ refs: ReferenceLookup[] }>,
    ResolvedReference[]
  >;
} & {
  [P in ReferenceOwner as `${P}.references.pending`]: Contract<
    Rpc<{ target: PendingReferenceQuery }>,
    boolean
  >;
};
type MessageContracts = {
  [P in MessageSource as `${P}.messages.query`]: Contract<
    Rpc<{ query?: WireQuery }>,
    PagedQueryResponse<Message>
  >;
} & {
  [P in MessageSource as `${P}.messages.get`]: Contract<Rpc<{ id: string }>, Message | null>;
};
type PingContracts = {
  [P in SubjectPrefix as `${P}.ping`]: Contract<Record<string, never>, { pong: true }>;
};

type Page<T> = PagedQueryResponse<T>;

type Ctx = { ctx: RequestContext };

interface CustomerContracts {
  'auth.customers.create': Contract<Rpc<{ draft: unknown }>, CustomerSignInResult>;
  'auth.customers.get': Contract<Rpc<{ ref: IdOrKey }>, Customer>;
  'auth.customers.query': Contract<Rpc<{ query?: WireQuery }>, Page<Customer>>;
  'auth.customers.exists': Contract<Rpc<{ ref?: IdOrKey; query?: WireQuery }>, boolean>;
  'auth.customers.update': Contract<Rpc<{ ref: IdOrKey; update: unknown }>, Customer>;
  'auth.customers.delete': Contract<Rpc<{ ref: IdOrKey; version: number }>, Customer>;
  'auth.customers.me': Contract<Ctx, Customer>;
  'auth.customers.search': Contract<Rpc<{ request: unknown }>, CustomerPagedSearchResponse>;
  'auth.customers.search.status': Contract<Ctx, CustomerSearchIndexingStatusResponse>;
  'auth.customers.sign-in': Contract<Rpc<{ signin: unknown; remoteAddress?: string }>, CustomerSignInResult>;
  'auth.customers.me.sign-up': Contract<Rpc<{ draft: unknown }>, CustomerSignInResult>;
  'auth.customers.me.update': Contract<Rpc<{ update: unknown }>, Customer>;
  'auth.customers.me.delete': Contract<Rpc<{ version: number }>, Customer>;
  'auth.customers.password.change': Contract<Rpc<{ change: unknown }>, Customer>;
  'auth.customers.me.password.change': Contract<Rpc<{ change: unknown }>, Customer>;
  'auth.customers.password-token.create': Contract<Rpc<{ request: unknown }>, CustomerToken>;
  'auth.customers.password-token.get': Contract<Rpc<{ token: string }>, Customer>;
  'auth.customers.password.reset': Contract<Rpc<{ request: unknown }>, Customer>;
  'auth.customers.email-token.create': Contract<Rpc<{ request: unknown }>, CustomerToken>;
  'auth.customers.email-token.get': Contract<Rpc<{ token: string }>, Customer>;
  'auth.customers.email.confirm': Contract<Rpc<{ request: unknown }>, Customer>;
}

interface AuthContracts {
  'auth.oauth.token': Contract<TokenRequest, TokenResponse>;
  'auth.oauth.introspect': Contract<OAuthClientRequest, IntrospectionResponse>;
  'auth.oauth.revoke': Contract<OAuthClientRequest, Record<string, never>>;
  'auth.tokens.verify': Contract<{ token: string }, VerifyTokenResult>;
  'auth.tokens.revocations': Contract<TokenRevocationsRequest, TokenRevocationsPage>;
  'auth.projects.get': Contract<Ctx, Project>;
  'auth.projects.create': Contract<Rpc<{ draft: unknown }>, CreateProjectResult>;
  'auth.projects.update': Contract<Rpc<{ update: unknown }>, Project>;
  'auth.projects.external-oauth': Contract<Ctx, { externalOAuth: ExternalOAuth | null }>;
  /** The project's extensions with their secrets opened, for the services that call them (never the gateway). */
  'auth.extensions.triggers': Contract<Ctx, TriggeredExtension[]>;
  /** Every project's Subscriptions with secrets opened, for the services that deliver (never the gateway). */
  'auth.subscriptions.deliverable': Contract<Ctx, DeliverableSubscription[]>;
  'auth.subscriptions.report': Contract<Rpc<{ report: SubscriptionHealthReport }>, Record<string, never>>;
  'auth.api-clients.create': Contract<
    Rpc<{ draft: unknown; callerScopes?: readonly string[] }>,
    ApiClientWithSecret
  >;
  // By id only: the route reads `/{id}`, the owner refuses a ref without one.
  'auth.api-clients.get': Contract<Rpc<{ ref: IdOrKey }>, ApiClient>;
  'auth.api-clients.query': Contract<Rpc<{ query?: WireQuery }>, Page<ApiClient>>;
  'auth.api-clients.exists': Contract<Rpc<{ ref?: IdOrKey; query?: WireQuery }>, boolean>;
  'auth.api-clients.delete': Contract<Rpc<{ ref: IdOrKey }>, ApiClient>;
  'auth.in-store-integration.get': Contract<Ctx, InStoreIntegration>;
  'auth.in-store-integration.put': Contract<Rpc<{ draft: unknown }>, InStoreIntegration>;
  'auth.in-store-integration.delete': Contract<Ctx, InStoreIntegration>;
  'auth.in-store-integration.retrieve-token': Contract<Rpc<{ request: unknown }>, CheckedInStoreToken>;
}

interface CatalogContracts {
  'catalog.products.product-selections': Contract<
    Rpc<{ ref: IdOrKey; query?: WireQuery }>,
    Page<AssignedProductSelection>
  >;
  'catalog.products.import-prices': Contract<
    Rpc<{ productKey: string; items: ProductPriceImportItem[] }>,
    ProductPriceImportOutcome[]
  >;
  'catalog.products.add-uploaded-image': Contract<Rpc<ProductImageUploadRequest>, Product>;
  'catalog.products.search': Contract<Rpc<{ request: unknown }>, ProductPagedSearchResponse>;
  'catalog.products.released-image-files.claim': Contract<{ limit: number }, { files: ReleasedImageFile[] }>;
  'catalog.products.released-image-files.forget': Contract<
    { files: ReleasedImageFile[] },
    { forgotten: number }
  >;
  'catalog.product-selections.products': Contract<
    Rpc<{ ref: IdOrKey; query?: WireQuery }>,
    Page<AssignedProductReference>
  >;
  'checkout.carts.me.create': Contract<Rpc<{ draft: unknown }>, Cart>;
  'checkout.carts.me.query': Contract<Rpc<{ query?: WireQuery }>, Page<Cart>>;
  'checkout.carts.me.get': Contract<Rpc<{ ref: IdOrKey }>, Cart>;
  'checkout.carts.me.update': Contract<Rpc<{ ref: IdOrKey; update: unknown }>, Cart>;
  'checkout.carts.me.delete': Contract<Rpc<{ ref: IdOrKey; version: unknown }>, Cart>;
  'checkout.carts.me.active': Contract<Ctx, Cart>;
  'checkout.carts.me.replicate': Contract<Rpc<{ draft: unknown }>, Cart>;
  'checkout.carts.replicate': Contract<Rpc<{ draft: unknown }>, Cart>;
  /** The customer's most recently modified Active cart of origin Customer, or 404. */
  'checkout.carts.by-customer': Contract<Rpc<{ customerId: string }>, Cart>;
  'catalog.checkout.line-items': Contract<Rpc<CheckoutLineItemsRequest>, CheckoutLineItemsResponse>;
  'catalog.in-store.product-projection': Contract<Rpc<{ ref: IdOrKey; staged?: boolean }>, ProductProjection>;
  'catalog.in-store.product-selection-assignments': Contract<
    Rpc<{ query?: WireQuery }>,
    Page<ProductSelectionAssignment>
  >;
  'catalog.product-projections.get': Contract<Rpc<{ ref: IdOrKey; query?: WireQuery }>, ProductProjection>;
  'catalog.product-projections.query': Contract<Rpc<{ query?: WireQuery }>, Page<ProductProjection>>;
  'catalog.product-projections.exists': Contract<Rpc<{ ref?: IdOrKey; query?: WireQuery }>, boolean>;
  'catalog.product-projections.search': Contract<Rpc<{ query?: WireQuery }>, Page<ProductProjection>>;
  /** All or nothing; `OutOfStock` names the SKUs. A retry with the same order id answers the same reservation. */
  'catalog.inventory.reserve': Contract<
    Rpc<{ orderId: string; items: InventoryReservationItem[] }>,
    InventoryReservation
  >;
  /** `null`: no reservation for that order (nothing was held). */
  'catalog.inventory.confirm': Contract<Rpc<{ orderId: string }>, InventoryReservation | null>;
  'catalog.inventory.release': Contract<Rpc<{ orderId: string }>, InventoryReservation | null>;
  'catalog.inventory.import-entries': Contract<Rpc<{ items: InventoryImportItem[] }>, ImportOutcome[]>;
  'catalog.standalone-prices.import': Contract<Rpc<{ items: StandalonePriceImportItem[] }>, ImportOutcome[]>;
  'catalog.custom-objects.put': Contract<Rpc<{ draft: unknown }>, CustomObjectPutResult>;
  'catalog.custom-objects.get': Contract<Rpc<{ ref: CustomObjectRef }>, CustomObject>;
  'catalog.custom-objects.query': Contract<
    Rpc<{ container?: string; query?: WireQuery }>,
    Page<CustomObject>
  >;
  'catalog.custom-objects.exists': Contract<Rpc<{ query?: WireQuery }>, boolean>;
  'catalog.custom-objects.delete': Contract<
    Rpc<{ ref: CustomObjectRef; version?: number; dataErasure?: boolean }>,
    CustomObject
  >;
  /** The best matching discount for the price (SDK ProductDiscountMatchQuery), or NoMatchingProductDiscountFound. */
  'catalog.product-discounts.matching': Contract<Rpc<{ query: unknown }>, ProductDiscount>;
}

interface ImportContracts {
  'import.containers.create': Contract<Rpc<{ draft: unknown }>, ImportContainer>;
  // By key only: the route reads `/{importContainerKey}`, the owner refuses a ref without one.
  'import.containers.get': Contract<Rpc<{ ref: IdOrKey }>, ImportContainer>;
  'import.containers.query': Contract<Rpc<{ query?: WireQuery }>, Page<ImportContainer>>;
  'import.containers.update': Contract<Rpc<{ ref: IdOrKey; update: unknown }>, ImportContainer>;
  'import.containers.delete': Contract<Rpc<{ ref: IdOrKey }>, ImportContainer>;
  'import.prices.import': Contract<Rpc<{ containerKey: string; request: unknown }>, ImportResponse>;
  'import.orders.import': Contract<Rpc<{ containerKey: string; request: unknown }>, ImportResponse>;
  'import.inventories.import': Contract<Rpc<{ containerKey: string; request: unknown }>, ImportResponse>;
  'import.standalone-prices.import': Contract<
    Rpc<{ containerKey: string; request: unknown }>,
    ImportResponse
  >;
  'import.operations.get': Contract<Rpc<{ id: string }>, ImportOperation>;
  'import.operations.query': Contract<
    Rpc<{ containerKey: string; query?: WireQuery }>,
    Page<ImportOperation>
  >;
  'import.summaries.get': Contract<Rpc<{ containerKey: string }>, ImportSummary>;
}

interface InsightsContracts {
  'insights.configuration.get': Contract<Ctx, InsightsConfiguration>;
  'insights.configuration.put': Contract<Rpc<{ draft: unknown }>, InsightsConfiguration>;
  'insights.configuration.update': Contract<Rpc<{ update: unknown }>, InsightsConfiguration>;
  'insights.configuration.delete': Contract<Ctx, InsightsConfiguration>;
  /** A gateway's batch for many projects: no `ctx`. */
  'insights.telemetry.ingest': Contract<TelemetryBatch, TelemetryReceipt>;
}

/** The checkout domain's subjects beyond its resources' six. */
interface CheckoutContracts {
  /** Active shipping methods with a zone of the location, their rates marked `isMatching`, the default first. */
  'checkout.shipping-methods.matching-location': Contract<Rpc<{ query?: WireQuery }>, Page<ShippingMethod>>;
  /** The methods that can ship the cart `query.cartId` (to its address, or to `country`/`state`), rates marked. */
  'checkout.shipping-methods.matching-cart': Contract<Rpc<{ query?: WireQuery }>, Page<ShippingMethod>>;
  'checkout.shipping-methods.matching-cart-location': Contract<
    Rpc<{ query?: WireQuery }>,
    Page<ShippingMethod>
  >;
  /** The methods that can ship an Order Edit's preview (`query.orderEditId`) to `country`/`state`. */
  'checkout.shipping-methods.matching-orderedit': Contract<Rpc<{ query?: WireQuery }>, Page<ShippingMethod>>;
  /** Applies an Order Edit (`OrderEditApply`, validated by the owner) to its order: the edit, now Applied. */
  'checkout.order-edits.apply': Contract<Rpc<{ id: string; body: unknown }>, OrderEdit>;
  /**
   * A customer's carts after sign-in or a manual merge (checkout facts 4.8): the anonymous cart merged or used
   * as the active cart, the anonymous id's carts and orders assigned; answers the customer's active cart.
   */
  'checkout.carts.merge': Contract<Rpc<{ customerId: string; draft: unknown }>, Cart | null>;
  /** The anonymous cart of a sign-up's draft can be handed over; refuses as the merge would. */
  'checkout.carts.merge-check': Contract<Rpc<{ draft: unknown }>, void>;
  'checkout.my-payments.create': Contract<Rpc<{ draft: unknown }>, Payment>;
  'checkout.my-payments.get': Contract<Rpc<{ id: string }>, Payment>;
  'checkout.my-payments.query': Contract<Rpc<{ query?: WireQuery }>, Page<Payment>>;
  'checkout.my-payments.update': Contract<Rpc<{ id: string; update: unknown }>, Payment>;
  'checkout.my-payments.delete': Contract<Rpc<{ id: string; version: number }>, Payment>;
  /** An order from a cart (OrderFromCartDraft). */
  'checkout.orders.create': Contract<Rpc<{ draft: unknown }>, Order>;
  'checkout.orders.get': Contract<Rpc<{ ref: IdOrKey }>, Order>;
  'checkout.orders.query': Contract<Rpc<{ query?: WireQuery }>, Page<Order>>;
  /** By `ref` (the gateway's HEAD) or by `id` (inventory's sweep asks before releasing a reservation). */
  'checkout.orders.exists': Contract<Rpc<{ ref?: IdOrKey; id?: string; query?: WireQuery }>, boolean>;
  'checkout.orders.update': Contract<Rpc<{ ref: IdOrKey; update: unknown }>, Order>;
  'checkout.orders.delete': Contract<Rpc<{ ref: IdOrKey; version: number }>, Order>;
  /** An OrderImportDraft, taken as given. */
  'checkout.orders.import': Contract<Rpc<{ draft: unknown }>, Order>;
  'checkout.orders.import-operations': Contract<Rpc<{ items: OrderImportItem[] }>, ImportOutcome[]>;
  'checkout.my-orders.create': Contract<Rpc<{ draft: unknown }>, Order>;
  'checkout.my-orders.get': Contract<Rpc<{ id: string }>, Order>;
  'checkout.my-orders.query': Contract<Rpc<{ query?: WireQuery }>, Page<Order>>;
  'checkout.my-orders.exists': Contract<Rpc<{ id?: string; query?: WireQuery }>, boolean>;
  'checkout.shopping-lists.me.create': Contract<Rpc<{ draft: unknown }>, ShoppingList>;
  'checkout.shopping-lists.me.query': Contract<Rpc<{ query?: WireQuery }>, Page<ShoppingList>>;
  'checkout.shopping-lists.me.get': Contract<Rpc<{ ref: IdOrKey }>, ShoppingList>;
  'checkout.shopping-lists.me.update': Contract<Rpc<{ ref: IdOrKey; update: unknown }>, ShoppingList>;
  'checkout.shopping-lists.me.delete': Contract<Rpc<{ ref: IdOrKey; version: number }>, ShoppingList>;
  /** The orders, payments and lists of `anonymousId` without a customer become `customerId`'s; how many. */
  'checkout.anonymous-sessions.assign': Contract<
    Rpc<{ anonymousId: string; customerId: string }>,
    { orders: number; payments: number; shoppingLists: number }
  >;
}

/** Every request/reply subject with its request and response types. */
export type ContractMap = UnionToIntersection<EngineContracts> &
  CheckoutContracts &
  ResolveContracts &
  ReferenceContracts &
  MessageContracts &
  PingContracts &
  CustomerContracts &
  AuthContracts &
  CatalogContracts &
  ImportContracts &
  InsightsContracts;

export type Subject = keyof ContractMap;
export type RequestOf<S extends Subject> = ContractMap[S]['request'];
export type ResponseOf<S extends Subject> = ContractMap[S]['response'];

/** Every event with its payload. */
export interface EventMap {
  'evt.auth.token-revoked': TokenRevokedEvent;
  'evt.auth.project-changed': ProjectChangedEvent;
  'evt.stores.store-changed': StoreChangedEvent;
  'evt.catalog.resource-created': CatalogResourceCreatedEvent;
  'evt.auth.extensions-changed': ProjectChangedEvent;
  'evt.auth.subscriptions-changed': ProjectChangedEvent;
}
export type EventSubject = keyof EventMap;

// The Subjects and Events tables and the maps name the same subjects: checked when this file compiles.
type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
type TableSubject = Leaves<typeof Subjects>;
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { missing: Exclude<A, B>; extra: Exclude<B, A> };
const subjectsMatch: Exactly<
  TableSubject,
  Exclude<
    Subject,
    `${string}.${'resolve' | 'ping'}` | `${string}.messages.${string}` | `${string}.references.${string}`
  >
> = true;
const eventsMatch: Exactly<(typeof Events)[keyof typeof Events], EventSubject> = true;
void subjectsMatch;
void eventsMatch;

function leaves(table: object): string[] {
  return Object.values(table).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : leaves(value as object),
  );
}

/** Every subject of the map at run time (the contract test checks each has exactly one handler). */
export function allSubjects(): Subject[] {
  const generated = [
    ...REFERENCE_OWNERS.map((prefix) => `${prefix}.resolve`),
    ...REFERENCE_OWNERS.flatMap((prefix) => [`${prefix}.references.reserve`, `${prefix}.references.pending`]),
    ...MESSAGE_SOURCES.flatMap((prefix) => [`${prefix}.messages.query`, `${prefix}.messages.get`]),
    ...SUBJECT_PREFIXES.map((prefix) => `${prefix}.ping`),
  ];
  return [...leaves(Subjects), ...generated] as Subject[];
}

/** Every event subject at run time. */
export function allEvents(): EventSubject[] {
  return Object.values(Events);
}
