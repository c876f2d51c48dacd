import type { OperationId } from '@commerce/auth';
import {
  MyCartDraftDto,
  MyPaymentDraftDto,
  MyShoppingListDraftDto,
  Subjects,
  validateDto,
  versionOf,
  type ClassConstructor,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  authorize,
  authorizeInStores,
  inStoreContext,
  operationScopes,
  type GraphqlContext,
} from '../graphql-context.js';
import { toRest, toRestUpdate } from '../inputs.js';
import { CUSTOMER_WRITES, ENGINE_WRITES, type EngineWritable } from '../resources.js';
import { customObjectRef } from './query.resolvers.js';
import { refOf, storeKeyOf, type IdOrKeyArgs } from './read-helpers.js';

type Resolver<A> = (parent: unknown, args: A, context: GraphqlContext) => unknown;
type UpdateArgs = IdOrKeyArgs & { version: number; actions: Record<string, unknown>[] };
type DeleteArgs = IdOrKeyArgs & { version: number };
type StoreKeyArg = { storeKey?: string | null };

/** The draft as the REST edge validates it (the owning service validates it again). */
function draftOf<T extends object>(dto: ClassConstructor<T>, input: unknown): T {
  const result = validateDto(dto, toRest(input));
  if (!result.ok) throw Errors.invalidInput(result.problems.join('; '));
  return result.value;
}

const version = versionOf;

/**
 * `createX` / `updateX` / `deleteX` over the subjects the REST routes call, with their scopes; with `storeKey`
 * (a resource also served in a Store) the in-store route's context and scopes.
 */
function writeFields({ name, descriptor, draft, create, keyArg, inStore, dryRun }: EngineWritable) {
  const { subjects } = descriptor;
  const contextOf = (context: GraphqlContext, args: StoreKeyArg, op: 'create' | 'update' | 'delete') => {
    const global = `${descriptor.name}.${op}` as OperationId;
    if (!inStore) {
      authorize(context, global);
      return context.ctx;
    }
    return customerContext(context, args, global, `inStore.${descriptor.name}.${op}` as OperationId);
  };
  const ref = (args: IdOrKeyArgs) =>
    refOf({ id: args.id, key: (args as Record<string, string | null | undefined>)[keyArg] });
  return {
    [create]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'create');
      return context.rpc.send(subjects.create, { ctx, draft: draftOf(draft, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    [`update${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'update');
      const update = {
        ...toRestUpdate(version(args.version), args.actions),
        ...(dryRun && args.dryRun === true ? { dryRun: true } : {}),
      };
      return context.rpc.send(subjects.update, { ctx, ref: ref(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs & { dryRun?: boolean | null }>,
    [`delete${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'delete');
      return context.rpc.send(subjects.delete, { ctx, ref: ref(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  };
}

const myCart = Subjects.checkout.myCart;
const myPayment = Subjects.checkout.myPayment;
type MyArgs = StoreKeyArg & { id: string; version: number; actions: Record<string, unknown>[] };

/** The `/me` mutations: the token's own carts, orders and payments (checkout-service decides whose). */
const myWriteFields = {
  createMyCart: ((_root, args, context) => {
    const ctx = customerContext(context, args, 'me.myCarts.create', 'inStore.me.myCarts.create');
    return context.rpc.send(myCart.create, { ctx, draft: draftOf(MyCartDraftDto, args.draft) });
  }) as Resolver<StoreKeyArg & { draft: unknown }>,
  updateMyCart: ((_root, args, context) => {
    const ctx = customerContext(context, args, 'me.myCarts.update', 'inStore.me.myCarts.update');
    const update = toRestUpdate(version(args.version), args.actions);
    return context.rpc.send(myCart.update, { ctx, ref: { id: args.id }, update });
  }) as Resolver<MyArgs>,
  deleteMyCart: ((_root, args, context) => {
    const ctx = customerContext(context, args, 'me.myCarts.delete', 'inStore.me.myCarts.delete');
    return context.rpc.send(myCart.delete, { ctx, ref: { id: args.id }, version: version(args.version) });
  }) as Resolver<MyArgs>,
  replicateMyCart: ((_root, args, context) => {
    authorize(context, 'me.myCarts.replicate');
    return context.rpc.send(myCart.replicate, { ctx: context.ctx, draft: { reference: args.reference } });
  }) as Resolver<{ reference: unknown }>,
  replicateCart: ((_root, args, context) => {
    const ctx = customerContext(context, args, 'carts.replicate', 'inStore.carts.replicate');
    const draft = { reference: args.reference, ...(args.key == null ? {} : { key: args.key }) };
    return context.rpc.send(Subjects.checkout.replicateCart, { ctx, draft });
  }) as Resolver<StoreKeyArg & { reference: unknown; key?: string | null }>,
  createMyOrderFromCart: ((_root, args, context) => {
    const ctx = customerContext(context, args, 'myOrders.create', 'inStore.myOrders.create');
    return context.rpc.send(Subjects.checkout.myOrder.create, { ctx, draft: args.draft });
  }) as Resolver<StoreKeyArg & { draft: unknown }>,
  createMyPayment: ((_root, args, context) => {
    authorize(context, 'myPayments.create');
    const draft = draftOf(MyPaymentDraftDto, args.draft);
    return context.rpc.send(myPayment.create, { ctx: context.ctx, draft });
  }) as Resolver<{ draft: unknown }>,
  updateMyPayment: ((_root, args, context) => {
    authorize(context, 'myPayments.update');
    const update = toRestUpdate(version(args.version), args.actions);
    return context.rpc.send(myPayment.update, { ctx: context.ctx, id: args.id, update });
  }) as Resolver<MyArgs>,
  deleteMyPayment: ((_root, args, context) => {
    authorize(context, 'myPayments.delete');
    return context.rpc.send(myPayment.delete, {
      ctx: context.ctx,
      id: args.id,
      version: version(args.version),
    });
  }) as Resolver<MyArgs>,
};

const myLists = Subjects.checkout.myShoppingList;

/** `createMyShoppingList`, `updateMyShoppingList`, `deleteMyShoppingList`: the token's own lists. */
function myShoppingListFields() {
  const contextOf = (context: GraphqlContext, args: StoreKeyArg, op: 'create' | 'update' | 'delete') => {
    const ctx = customerContext(
      context,
      args,
      `myShoppingLists.${op}` as OperationId,
      `inStore.myShoppingLists.${op}` as OperationId,
    );
    return ctx;
  };
  return {
    createMyShoppingList: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'create');
      return context.rpc.send(myLists.create, { ctx, draft: draftOf(MyShoppingListDraftDto, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    updateMyShoppingList: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'update');
      const update = toRestUpdate(version(args.version), args.actions);
      return context.rpc.send(myLists.update, { ctx, ref: refOf(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs>,
    deleteMyShoppingList: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'delete');
      return context.rpc.send(myLists.delete, { ctx, ref: refOf(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  };
}

/** With `storeKey`, a customer mutation acts in that Store only (the in-store REST operation's scopes). */
function customerContext(
  context: GraphqlContext,
  args: StoreKeyArg,
  global: OperationId | readonly string[],
  inStore: OperationId | readonly string[],
) {
  if (args.storeKey == null) {
    authorize(context, global);
    return context.ctx;
  }
  const storeKey = storeKeyOf(args.storeKey);
  authorizeInStores(context, inStore, [storeKey]);
  return inStoreContext(context.ctx, storeKey);
}

const customers = Subjects.auth.customer;

export const mutationResolvers = {
  Mutation: {
    ...Object.fromEntries(ENGINE_WRITES.flatMap((resource) => Object.entries(writeFields(resource)))),
    ...myWriteFields,
    ...myShoppingListFields(),
    createOrUpdateCustomObject: (async (_root, args, context) => {
      authorize(context, 'customObjects.put');
      const { object } = await context.rpc.send(Subjects.catalog.customObject.put, {
        ctx: context.ctx,
        draft: args.draft,
      });
      return object;
    }) as Resolver<{ draft: unknown }>,
    deleteCustomObject: ((_root, args, context) => {
      authorize(context, 'customObjects.delete');
      return context.rpc.send(Subjects.catalog.customObject.delete, {
        ctx: context.ctx,
        ref: customObjectRef(args),
        ...(args.version == null ? {} : { version: version(args.version) }),
        ...(args.personalDataErasure ? { dataErasure: true } : {}),
      });
    }) as Resolver<{
      id?: string | null;
      container?: string | null;
      key?: string | null;
      version?: number | null;
      personalDataErasure?: boolean | null;
    }>,
    customerSignUp: ((_root, args, context) => {
      const ctx = customerContext(context, args, 'customers.create', 'inStore.customers.create');
      return context.rpc.send(customers.create, { ctx, draft: draftOf(CUSTOMER_WRITES.draft, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    // `customers.update` joins the operation table with the customer update actions; until then the
    // delete operation's scopes (the same manage_customers) apply.
    updateCustomer: ((_root, args, context) => {
      const ctx = customerContext(
        context,
        args,
        operationScopes('customers.update', 'customers.delete'),
        operationScopes('inStore.customers.update', 'inStore.customers.delete'),
      );
      const update = toRestUpdate(version(args.version), args.actions);
      return context.rpc.send(customers.update, { ctx, ref: refOf(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs>,
    deleteCustomer: ((_root, args, context) => {
      const ctx = customerContext(context, args, 'customers.delete', 'inStore.customers.delete');
      return context.rpc.send(customers.delete, { ctx, ref: refOf(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  },
};
