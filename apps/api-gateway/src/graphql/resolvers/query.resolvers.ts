import type { OperationId } from '@commerce/auth';
import {
  Subjects,
  type Customer,
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
  requireSession,
  type GraphqlContext,
  type InStoreScope,
} from '../graphql-context.js';
import { QUERY_RESOURCES, type GraphqlResource } from '../resources.js';
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

const inAnyOf = (customer: Customer | null, storeKeys: string[]) =>
  customer && customer.stores.some((store) => storeKeys.includes(store.key)) ? customer : null;

/** The Query root's pair of fields of each readable resource: one by id or key, a page by query. */
export function rootResourceFields(
  resources: readonly GraphqlResource[] = QUERY_RESOURCES,
): Record<string, Resolver<unknown, IdOrKeyArgs & ListArgs>> {
  const fields: Record<string, Resolver<unknown, IdOrKeyArgs & ListArgs>> = {};
  for (const resource of resources) {
    fields[resource.single] = (_root, args, context) => {
      authorize(context, resource.operations.get);
      const ref = resource.idOnly ? { id: String(args.id) } : refOf(args);
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

/** The parent of `me`'s fields: the Stores of `inStore(key) { me }`, none at the root. */
interface MeScope {
  storeKeys?: string[];
}

async function me(context: GraphqlContext, storeKeys?: string[]) {
  const ctx = storeKeys?.length === 1 ? inStoreContext(context.ctx, storeKeys[0]) : context.ctx;
  const customer = await orNull(context.rpc.send(Subjects.auth.me, { ctx }));
  return storeKeys && storeKeys.length > 1 ? inAnyOf(customer, storeKeys) : customer;
}

const shoppingLists = Subjects.checkout.shoppingList;
const myShoppingLists = Subjects.checkout.myShoppingList;

/**
 * A field over a resource served in Stores too: the in-store operation's context for one Store, or the
 * project's with `stores`/`store` restricted to several (`where`), as the in-store REST routes answer.
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

/** `shoppingList` / `shoppingLists` of the project, of Stores (`inStore`) or of the token (`me`). */
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
      if (mine) requireSession(context);
      const list = await orNull(context.rpc.send(subjects.get, { ctx, ref: refOf(args) }));
      return inStores(list, where, scope?.storeKeys);
    }) as Resolver<MeScope | undefined, IdOrKeyArgs>,
    shoppingLists: (async (scope, args, context) => {
      const { ctx, where } = storeScoped(context, scope?.storeKeys, operations('query'));
      if (mine) requireSession(context);
      return queryResult(await context.rpc.send(subjects.query, { ctx, query: rawQuery(args, where) }));
    }) as Resolver<MeScope | undefined, ListArgs>,
  };
}

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
    ...customObjectFields,
    // Each field of `me` needs its own operation's scopes (a customer's profile, its shopping lists).
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
    ...shoppingListFields(false),
    me: ((scope): MeScope => ({ storeKeys: scope.storeKeys })) as Resolver<InStoreScope>,
  },
  Me: {
    customer: ((scope, _args, context) => {
      if (scope.storeKeys === undefined) {
        authorize(context, 'me.get');
        return me(context);
      }
      return me(context, authorizeInStores(context, 'inStore.me.get', scope.storeKeys));
    }) as Resolver<MeScope>,
    ...shoppingListFields(true),
  },
};
