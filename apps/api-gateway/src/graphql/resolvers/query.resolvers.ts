import {
  Subjects,
  type CustomObjectRef,
  type PagedQueryResponse,
  type RequestContext,
  type ShoppingList,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  authorize,
  authorizeInStores,
  inStoreContext,
  type GraphqlContext,
  type InStoreScope,
} from '../graphql-context.js';
import type { OperationId } from '@commerce/auth';
import { QUERY_RESOURCES, type GraphqlResource } from '../resources.js';
import { referenced } from './references.js';
import {
  orNull,
  queryResult,
  rawQuery,
  refOf,
  storeKeyOf,
  type IdOrKeyArgs,
  type ListArgs,
} from './read-helpers.js';

type Resolver<P = unknown, A = never> = (parent: P, args: A, context: GraphqlContext) => unknown;

const customers = Subjects.auth.customer;

/** The customer fields of a project or of some Stores: what the REST (in-store) customer routes answer. */
const inStoresWhere = (storeKeys: string[]) =>
  `stores(key in (${storeKeys.map((key) => JSON.stringify(key)).join(', ')}))`;

const inAnyOf = <T extends { stores: readonly { key: string }[] }>(
  resource: T | null,
  storeKeys: string[],
) => (resource && resource.stores.some((store) => storeKeys.includes(store.key)) ? resource : null);

/** The Query root's pair of fields of each readable resource: one by id or key, a page by query. */
export function rootResourceFields(
  resources: readonly GraphqlResource[] = QUERY_RESOURCES,
): Record<string, Resolver<unknown, IdOrKeyArgs & ListArgs>> {
  const fields: Record<string, Resolver<unknown, IdOrKeyArgs & ListArgs>> = {};
  for (const resource of resources) {
    fields[resource.single] = (_root, args, context) => {
      authorize(context, resource.operations.get);
      const key = (args as Record<string, unknown>)[resource.keyArg ?? 'key'] as string | null | undefined;
      const ref = resource.idOnly ? { id: String(args.id) } : refOf({ id: args.id, key });
      return orNull(context.rpc.send(resource.subjects.get, { ctx: context.ctx, ref }));
    };
    fields[resource.list] = async (_root, args, context) => {
      authorize(context, resource.operations.query);
      const query = rawQuery(args);
      const page: PagedQueryResponse<unknown> = await context.rpc.send(resource.subjects.query, {
        ctx: context.ctx,
        query,
      });
      return queryResult(page);
    };
  }
  return fields;
}

/** `me`'s parent: under `inStore`/`inStores`, the Stores it is restricted to. */
interface MeScope {
  storeKeys?: string[];
}

/** The token's customer (the `/me` route's scopes), in any of the Stores when under `inStore(s)`. */
async function meCustomer(context: GraphqlContext, scope: MeScope) {
  const storeKeys = scope.storeKeys && authorizeInStores(context, 'inStore.me.get', scope.storeKeys);
  if (!storeKeys) authorize(context, 'me.get');
  const ctx = storeKeys?.length === 1 ? inStoreContext(context.ctx, storeKeys[0]) : context.ctx;
  const customer = await orNull(context.rpc.send(Subjects.auth.me, { ctx }));
  return storeKeys && storeKeys.length > 1 ? inAnyOf(customer, storeKeys) : customer;
}

/** A `me` field's context and scopes: the `/me` route's, or the in-store `/me` route's in one Store. */
function meContext(context: GraphqlContext, scope: MeScope, global: OperationId, inStore: OperationId) {
  if (scope.storeKeys === undefined) {
    authorize(context, global);
    return context.ctx;
  }
  const storeKeys = authorizeInStores(context, inStore, scope.storeKeys);
  if (storeKeys.length > 1) throw Errors.invalidInput('Carts and orders under me are read in one Store.');
  return inStoreContext(context.ctx, storeKeys[0]);
}

const shoppingLists = Subjects.checkout.shoppingList;
const myShoppingLists = Subjects.checkout.myShoppingList;

/**
 * A field over a resource served in Stores too: the in-store operation's context for one Store, or the
 * project's with `store` restricted to several (`where`), as the in-store REST routes answer.
 */
function storeScoped(
  context: GraphqlContext,
  storeKeys: string[] | undefined,
  operation: { global: OperationId; inStore: OperationId },
): { ctx: RequestContext; where?: string } {
  if (storeKeys === undefined) {
    authorize(context, operation.global);
    return { ctx: context.ctx };
  }
  const allowed = authorizeInStores(context, operation.inStore, storeKeys);
  if (allowed.length === 1) return { ctx: inStoreContext(context.ctx, allowed[0]) };
  return {
    ctx: context.ctx,
    where: `store(key in (${allowed.map((key) => JSON.stringify(key)).join(', ')}))`,
  };
}

/** A list of several Stores' fields must be in one of them (one Store: the owner checks). */
const inStores = (list: ShoppingList | null, where: string | undefined, storeKeys: string[] | undefined) =>
  list && where && storeKeys && !storeKeys.includes(list.store?.key ?? '') ? null : list;

/** `shoppingList` / `shoppingLists` of Stores (`inStore`) or of the token (`me`). */
function shoppingListFields(mine: boolean) {
  const operations = (op: 'get' | 'query') =>
    mine
      ? {
          global: `myShoppingLists.${op}` as OperationId,
          inStore: `inStore.myShoppingLists.${op}` as OperationId,
        }
      : {
          global: `shoppingLists.${op}` as OperationId,
          inStore: `inStore.shoppingLists.${op}` as OperationId,
        };
  const subjects = mine ? myShoppingLists : shoppingLists;
  return {
    shoppingList: (async (scope, args, context) => {
      const { ctx, where } = storeScoped(context, scope?.storeKeys, operations('get'));
      const list = await orNull(context.rpc.send(subjects.get, { ctx, ref: refOf(args) }));
      return inStores(list, where, scope?.storeKeys);
    }) as Resolver<MeScope | undefined, IdOrKeyArgs>,
    shoppingLists: (async (scope, args, context) => {
      const { ctx, where } = storeScoped(context, scope?.storeKeys, operations('query'));
      return queryResult(await context.rpc.send(subjects.query, { ctx, query: rawQuery(args, where) }));
    }) as Resolver<MeScope | undefined, ListArgs>,
  };
}

const myCart = Subjects.checkout.myCart;
const myOrder = Subjects.checkout.myOrder;

/** The token's own carts, orders and payments, through the `/me` routes' subjects. */
const meFields = {
  customer: ((scope, _args, context) => meCustomer(context, scope)) as Resolver<MeScope>,
  ...shoppingListFields(true),
  activeCart: ((scope, _args, context) => {
    const ctx = meContext(context, scope, 'me.activeCart.get', 'inStore.me.activeCart.get');
    return orNull(context.rpc.send(myCart.active, { ctx }));
  }) as Resolver<MeScope>,
  cart: ((scope, args, context) => {
    const ctx = meContext(context, scope, 'me.myCarts.get', 'inStore.me.myCarts.get');
    return orNull(context.rpc.send(myCart.get, { ctx, ref: { id: args.id } }));
  }) as Resolver<MeScope, { id: string }>,
  carts: (async (scope, args, context) => {
    const ctx = meContext(context, scope, 'me.myCarts.query', 'inStore.me.myCarts.query');
    return queryResult(await context.rpc.send(myCart.query, { ctx, query: rawQuery(args) }));
  }) as Resolver<MeScope, ListArgs>,
  order: (async (scope, args, context) => {
    const ctx = meContext(context, scope, 'myOrders.get', 'inStore.myOrders.get');
    if (args.id) return orNull(context.rpc.send(myOrder.get, { ctx, id: args.id }));
    if (!args.orderNumber) throw Errors.invalidInput('Give either id or orderNumber.');
    const where = `orderNumber = ${JSON.stringify(args.orderNumber)}`;
    const page = await context.rpc.send(myOrder.query, { ctx, query: rawQuery({ where, limit: 1 }) });
    return page.results[0] ?? null;
  }) as Resolver<MeScope, { id?: string | null; orderNumber?: string | null }>,
  orders: (async (scope, args, context) => {
    const ctx = meContext(context, scope, 'myOrders.query', 'inStore.myOrders.query');
    return queryResult(await context.rpc.send(myOrder.query, { ctx, query: rawQuery(args) }));
  }) as Resolver<MeScope, ListArgs>,
  payment: ((_scope, args, context) => {
    authorize(context, 'myPayments.get');
    return orNull(context.rpc.send(Subjects.checkout.myPayment.get, { ctx: context.ctx, id: args.id }));
  }) as Resolver<MeScope, { id: string }>,
  payments: (async (_scope, args, context) => {
    authorize(context, 'myPayments.query');
    const query = rawQuery(args);
    return queryResult(
      await context.rpc.send(Subjects.checkout.myPayment.query, { ctx: context.ctx, query }),
    );
  }) as Resolver<MeScope, ListArgs>,
};

/** A Store's carts or orders under `inStore`: the in-store REST routes' subjects in one Store, else a `where`. */
function inStoreResourceFields(
  name: 'carts' | 'orders',
  subjects: {
    get: typeof Subjects.checkout.cart.get | typeof Subjects.checkout.order.get;
    query: typeof Subjects.checkout.cart.query | typeof Subjects.checkout.order.query;
  },
  keyArg: string,
) {
  const inStores = (storeKeys: string[]) =>
    `store(key in (${storeKeys.map((key) => JSON.stringify(key)).join(', ')}))`;
  return {
    single: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, `inStore.${name}.get` as OperationId, scope.storeKeys);
      const ref = refOf({ id: args.id, key: args[keyArg] as string | null | undefined });
      if (storeKeys.length === 1) {
        const ctx = inStoreContext(context.ctx, storeKeys[0]);
        return orNull(context.rpc.send(subjects.get, { ctx, ref }) as Promise<{ store?: { key: string } }>);
      }
      const found = (await orNull(context.rpc.send(subjects.get, { ctx: context.ctx, ref }))) as {
        store?: { key: string };
      } | null;
      return found?.store && storeKeys.includes(found.store.key) ? found : null;
    }) as Resolver<InStoreScope, IdOrKeyArgs & Record<string, unknown>>,
    list: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, `inStore.${name}.query` as OperationId, scope.storeKeys);
      const [ctx, query] =
        storeKeys.length === 1
          ? [inStoreContext(context.ctx, storeKeys[0]), rawQuery(args)]
          : [context.ctx, rawQuery(args, inStores(storeKeys))];
      const page: PagedQueryResponse<unknown> = await context.rpc.send(subjects.query, { ctx, query });
      return queryResult(page);
    }) as Resolver<InStoreScope, ListArgs>,
  };
}

/**
 * Cart discounts or discount codes under `inStore`: those whose `stores` hold one of the Stores (the in-store
 * REST routes' subjects in one Store, else a `where`).
 */
function inStoresResourceFields(
  name: 'cartDiscounts' | 'discountCodes',
  subjects: {
    get: typeof Subjects.checkout.cartDiscount.get | typeof Subjects.checkout.discountCode.get;
    query: typeof Subjects.checkout.cartDiscount.query | typeof Subjects.checkout.discountCode.query;
  },
) {
  return {
    single: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, `inStore.${name}.get` as OperationId, scope.storeKeys);
      const ref = refOf(args);
      if (storeKeys.length === 1) {
        const ctx = inStoreContext(context.ctx, storeKeys[0]);
        return orNull(context.rpc.send(subjects.get, { ctx, ref }));
      }
      const found = (await orNull(context.rpc.send(subjects.get, { ctx: context.ctx, ref }))) as {
        stores: { key: string }[];
      } | null;
      return inAnyOf(found, storeKeys);
    }) as Resolver<InStoreScope, IdOrKeyArgs>,
    list: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, `inStore.${name}.query` as OperationId, scope.storeKeys);
      const [ctx, query] =
        storeKeys.length === 1
          ? [inStoreContext(context.ctx, storeKeys[0]), rawQuery(args)]
          : [context.ctx, rawQuery(args, inStoresWhere(storeKeys))];
      const page: PagedQueryResponse<unknown> = await context.rpc.send(subjects.query, { ctx, query });
      return queryResult(page);
    }) as Resolver<InStoreScope, ListArgs>,
  };
}

const inStoreCartDiscounts = inStoresResourceFields('cartDiscounts', Subjects.checkout.cartDiscount);
const inStoreDiscountCodes = inStoresResourceFields('discountCodes', Subjects.checkout.discountCode);
const inStoreCarts = inStoreResourceFields('carts', Subjects.checkout.cart, 'key');
const inStoreOrders = inStoreResourceFields('orders', Subjects.checkout.order, 'orderNumber');

type CustomObjectArgs = { id?: string | null; container?: string | null; key?: string | null };

/** A Custom Object by id, or by container and key (the GraphQL field takes either). */
export function customObjectRef(args: CustomObjectArgs): CustomObjectRef {
  if (args.id && !args.container && !args.key) return { id: args.id };
  if (!args.id && args.container && args.key) return { container: args.container, key: args.key };
  throw Errors.invalidInput('Give either id, or container and key.');
}

const customObjectFields = {
  customObject: ((_root, args, context) => {
    authorize(context, 'customObjects.get');
    const ref = customObjectRef(args);
    return orNull(context.rpc.send(Subjects.catalog.customObject.get, { ctx: context.ctx, ref }));
  }) as Resolver<unknown, CustomObjectArgs>,
  customObjects: (async (_root, args, context) => {
    authorize(context, 'customObjects.queryContainer');
    const page = await context.rpc.send(Subjects.catalog.customObject.query, {
      ctx: context.ctx,
      container: args.container,
      query: rawQuery(args),
    });
    return queryResult(page);
  }) as Resolver<unknown, ListArgs & { container: string }>,
};

export const queryResolvers = {
  Query: {
    ...rootResourceFields(),
    shippingMethodsByLocation: (async (_root, args, context) => {
      authorize(context, 'shippingMethods.matchingLocation');
      const query = Object.fromEntries(
        Object.entries(args).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      );
      const page = await context.rpc.send(Subjects.checkout.shippingMethod.matchingLocation, {
        ctx: context.ctx,
        query,
      });
      return page.results;
    }) as Resolver<unknown, { country: string; state?: string | null; currency?: string | null }>,
    shippingMethodsByCart: (async (_root, args, context) => {
      authorize(context, 'shippingMethods.matchingCart');
      const query = { cartId: args.id };
      const page = await context.rpc.send(Subjects.checkout.matchingCart, { ctx: context.ctx, query });
      return page.results;
    }) as Resolver<unknown, { id: string }>,
    ...customObjectFields,
    productsSearch: (async (_root, args, context) => {
      authorize(context, 'products.search');
      const request = Object.fromEntries(Object.entries(args).filter(([, value]) => value != null));
      const answer = await context.rpc.send(Subjects.catalog.product.search, { ctx: context.ctx, request });
      return {
        ...answer,
        results: answer.results.map((result) => ({
          id: result.id,
          matchingVariants: result.matchingVariants,
        })),
      };
    }) as Resolver<unknown, Record<string, unknown>>,
    // Each field of `me` needs its own `/me` route's scopes (and a customer's or anonymous session's token).
    me: ((): MeScope => ({})) as Resolver,
    inStore: ((_root, args: { key: unknown }): InStoreScope => ({
      storeKeys: [storeKeyOf(args.key)],
    })) as Resolver<unknown, { key: unknown }>,
    inStores: ((_root, args: { keys: unknown[] }): InStoreScope => ({
      storeKeys: [...new Set(args.keys.map(storeKeyOf))],
    })) as Resolver<unknown, { keys: unknown[] }>,
  },
  InStore: {
    customer: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, 'inStore.customers.get', scope.storeKeys);
      const ref = refOf(args);
      if (storeKeys.length === 1) {
        const ctx = inStoreContext(context.ctx, storeKeys[0]);
        return orNull(context.rpc.send(customers.get, { ctx, ref }));
      }
      const customer = await orNull(context.rpc.send(customers.get, { ctx: context.ctx, ref }));
      return inAnyOf(customer, storeKeys);
    }) as Resolver<InStoreScope, IdOrKeyArgs>,
    customers: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, 'inStore.customers.query', scope.storeKeys);
      const [ctx, query] =
        storeKeys.length === 1
          ? [inStoreContext(context.ctx, storeKeys[0]), rawQuery(args)]
          : [context.ctx, rawQuery(args, inStoresWhere(storeKeys))];
      return queryResult(await context.rpc.send(customers.query, { ctx, query }));
    }) as Resolver<InStoreScope, ListArgs>,
    me: ((scope): MeScope => ({ storeKeys: scope.storeKeys })) as Resolver<InStoreScope>,
    // The in-store matching-cart route: the cart must be of the Store (one Store only).
    shippingMethodsByCart: (async (scope, args, context) => {
      const storeKeys = authorizeInStores(context, 'inStore.shippingMethods.matchingCart', scope.storeKeys);
      if (storeKeys.length > 1)
        throw Errors.invalidInput('Shipping methods of a cart are read in one Store.');
      const ctx = inStoreContext(context.ctx, storeKeys[0]);
      const page = await context.rpc.send(Subjects.checkout.matchingCart, {
        ctx,
        query: { cartId: args.id },
      });
      return page.results;
    }) as Resolver<InStoreScope, { id: string }>,
    ...shoppingListFields(false),
    cart: inStoreCarts.single,
    carts: inStoreCarts.list,
    order: inStoreOrders.single,
    orders: inStoreOrders.list,
    cartDiscounts: inStoreCartDiscounts.list,
    discountCode: inStoreDiscountCodes.single,
    discountCodes: inStoreDiscountCodes.list,
  },
  Me: meFields,
  ProductSearchResult: {
    product: ((result, _args, context) =>
      referenced(context, { typeId: 'product', id: result.id })) as Resolver<{ id: string }>,
  },
};
