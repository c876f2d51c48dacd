import type { OperationId } from '@commerce/auth';
import { Subjects, validateDto, versionOf, type ClassConstructor } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  authorize,
  authorizeInStores,
  inStoreContext,
  operationScopes,
  requireSession,
  type GraphqlContext,
} from '../graphql-context.js';
import { toRest, toRestUpdate } from '../inputs.js';
import {
  CUSTOMER_WRITES,
  ENGINE_WRITES,
  MY_SHOPPING_LIST_WRITES,
  type EngineWritable,
} from '../resources.js';
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
 * `createX` / `updateX` / `deleteX` over the subjects the REST routes call, with their scopes; a resource
 * also served in a Store takes `storeKey` and then acts as its in-store route does (`inStore.<name>.*`).
 */
function writeFields({ name, descriptor, draft }: EngineWritable) {
  const { subjects } = descriptor;
  const contextOf = (context: GraphqlContext, args: StoreKeyArg, op: 'create' | 'update' | 'delete') =>
    storeContext(
      context,
      args,
      `${descriptor.name}.${op}` as OperationId,
      `inStore.${descriptor.name}.${op}` as OperationId,
    );
  return {
    [`create${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'create');
      return context.rpc.send(subjects.create, { ctx, draft: draftOf(draft, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    [`update${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'update');
      const update = toRestUpdate(version(args.version), args.actions);
      return context.rpc.send(subjects.update, { ctx, ref: refOf(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs>,
    [`delete${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'delete');
      return context.rpc.send(subjects.delete, { ctx, ref: refOf(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  };
}

const myLists = Subjects.checkout.myShoppingList;

/** `createMyShoppingList`, `updateMyShoppingList`, `deleteMyShoppingList`: the token's own lists. */
function myShoppingListFields() {
  const { name, draft } = MY_SHOPPING_LIST_WRITES;
  const contextOf = (context: GraphqlContext, args: StoreKeyArg, op: 'create' | 'update' | 'delete') => {
    const ctx = storeContext(
      context,
      args,
      `myShoppingLists.${op}` as OperationId,
      `inStore.myShoppingLists.${op}` as OperationId,
    );
    requireSession(context);
    return ctx;
  };
  return {
    [`create${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'create');
      return context.rpc.send(myLists.create, { ctx, draft: draftOf(draft, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    [`update${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'update');
      const update = toRestUpdate(version(args.version), args.actions);
      return context.rpc.send(myLists.update, { ctx, ref: refOf(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs>,
    [`delete${name}`]: ((_root, args, context) => {
      const ctx = contextOf(context, args, 'delete');
      return context.rpc.send(myLists.delete, { ctx, ref: refOf(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  };
}

/** With `storeKey`, a mutation acts in that Store only (the in-store REST operation's scopes). */
function storeContext(
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
      const ctx = storeContext(context, args, 'customers.create', 'inStore.customers.create');
      return context.rpc.send(customers.create, { ctx, draft: draftOf(CUSTOMER_WRITES.draft, args.draft) });
    }) as Resolver<StoreKeyArg & { draft: unknown }>,
    // `customers.update` joins the operation table with the customer update actions; until then the
    // delete operation's scopes (the same manage_customers) apply.
    updateCustomer: ((_root, args, context) => {
      const ctx = storeContext(
        context,
        args,
        operationScopes('customers.update', 'customers.delete'),
        operationScopes('inStore.customers.update', 'inStore.customers.delete'),
      );
      const update = toRestUpdate(version(args.version), args.actions);
      return context.rpc.send(customers.update, { ctx, ref: refOf(args), update });
    }) as Resolver<StoreKeyArg & UpdateArgs>,
    deleteCustomer: ((_root, args, context) => {
      const ctx = storeContext(context, args, 'customers.delete', 'inStore.customers.delete');
      return context.rpc.send(customers.delete, { ctx, ref: refOf(args), version: version(args.version) });
    }) as Resolver<StoreKeyArg & DeleteArgs>,
  },
};
