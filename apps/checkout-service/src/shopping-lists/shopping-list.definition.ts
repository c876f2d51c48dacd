import {
  SHOPPING_LIST_ACTIONS,
  ShoppingListDraftDto,
  type RequestContext,
  type ShoppingList,
  type ShoppingListResource,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ActionHandler,
  type DeclaredActionTable,
  type ResourceDefinition,
} from '@commerce/resources';
import { productsOf } from './shopping-list-catalog.js';
import { shoppingListsTable } from './shopping-lists.table.js';
import type { ShoppingListDeps } from './shopping-list-deps.js';
import {
  checkItemCount,
  checkUniqueKeys,
  itemActions,
  LINE_ITEM_TYPE,
  newLineItem,
  newTextLineItem,
  TEXT_LINE_ITEM_TYPE,
} from './shopping-list-items.js';

export const SHOPPING_LIST_ENGINE = Symbol('SHOPPING_LIST_ENGINE');

const A = SHOPPING_LIST_ACTIONS;
const SLUG = /^[a-zA-Z0-9_-]{2,256}$/;

type Identifier = { id?: string; key?: string };
type Customer = { id: string };
type Store = { id: string; key: string };

/** Slugs follow the pattern `[a-zA-Z0-9_-]{2,256}` in every language (SDK ShoppingListDraft). */
function checkSlug(slug: Record<string, string> | undefined): void {
  for (const [locale, value] of Object.entries(slug ?? {}))
    if (!SLUG.test(value)) throw Errors.invalidInput(`slug.${locale} must match [a-zA-Z0-9_-]{2,256}.`);
}

/** Without the optional field, or with its new value. */
function withField<T extends object, K extends keyof T>(resource: T, field: K, value: T[K] | undefined): T {
  const { [field]: _old, ...rest } = resource;
  return (value === undefined ? rest : { ...rest, [field]: value }) as T;
}

async function customerReference(deps: ShoppingListDeps, ctx: RequestContext, identifier: Identifier) {
  const [customer] = await deps.resolver.require<Customer & Record<string, unknown>>(ctx, 'customer', [
    identifier,
  ]);
  return { typeId: 'customer' as const, id: customer.id };
}

/** A Store a list is assigned to, as a KeyReference; in a Store (`ctx.storeKey`) only that one. */
async function storeReference(deps: ShoppingListDeps, ctx: RequestContext, identifier: Identifier) {
  const [store] = await deps.resolver
    .require<Store & Record<string, unknown>>(ctx, 'store', [identifier])
    .catch((error: unknown) => {
      // The Store of the in-store route itself does not exist: the route's resource does not either.
      if (ctx.storeKey !== undefined && identifier.key === ctx.storeKey && error instanceof ApiError)
        throw Errors.resourceNotFound({ key: ctx.storeKey });
      throw error;
    });
  if (ctx.storeKey !== undefined && store.key !== ctx.storeKey)
    throw Errors.invalidInput(`The shopping list's store must be '${ctx.storeKey}' on this endpoint.`);
  return { typeId: 'store' as const, key: store.key };
}

/** Business units are not part of this platform: every one named is not found. */
function noBusinessUnit(identifier: Identifier): never {
  throw Errors.referencedResourceNotFound(
    'business-unit',
    identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' },
  );
}

/** The project's default retention of shopping lists (Project `shoppingLists`, 360 days unless changed). */
async function defaultDeleteDays(deps: ShoppingListDeps, ctx: RequestContext): Promise<number> {
  return (await deps.settings.get(ctx)).shoppingLists.deleteDaysAfterLastModification;
}

type OwnActionName = Exclude<keyof typeof A, keyof ReturnType<typeof itemActions>>;

/** Name, description, slug, key, owner, Store and retention of the list. */
function listActions(deps: ShoppingListDeps): Record<OwnActionName, ActionHandler<ShoppingList>> {
  return {
    changeName: action(A.changeName, (list: ShoppingList, { name }) => ({ resource: { ...list, name } })),
    setDescription: action(A.setDescription, (list: ShoppingList, { description }) => ({
      resource: withField(list, 'description', description),
    })),
    setSlug: action(A.setSlug, (list: ShoppingList, { slug }) => {
      checkSlug(slug);
      return { resource: withField(list, 'slug', slug) };
    }),
    setKey: action(A.setKey, (list: ShoppingList, { key }) => ({ resource: withField(list, 'key', key) })),
    setAnonymousId: action(A.setAnonymousId, (list: ShoppingList, { anonymousId }) => ({
      resource: withField(list, 'anonymousId', anonymousId),
    })),
    setCustomer: action(A.setCustomer, async (list: ShoppingList, { customer }, { ctx }) => ({
      resource: withField(list, 'customer', customer && (await customerReference(deps, ctx, customer))),
    })),
    setStore: action(A.setStore, async (list: ShoppingList, { store }, { ctx }) => {
      if (ctx.storeKey !== undefined)
        throw Errors.invalidOperation('The Store of a shopping list can not be changed in a Store.');
      return { resource: withField(list, 'store', store && (await storeReference(deps, ctx, store))) };
    }),
    setBusinessUnit: action(A.setBusinessUnit, (_list: ShoppingList, { businessUnit }) =>
      noBusinessUnit(businessUnit),
    ),
    setDeleteDaysAfterLastModification: action(
      A.setDeleteDaysAfterLastModification,
      async (list: ShoppingList, { deleteDaysAfterLastModification }, { ctx }) => ({
        resource: {
          ...list,
          // Without a value, the Project's default again (checkout facts 4.11).
          deleteDaysAfterLastModification:
            deleteDaysAfterLastModification ?? (await defaultDeleteDays(deps, ctx)),
        },
      }),
    ),
  };
}

/** One handler for each action the ShoppingList's descriptor declares: a missing one fails to compile. */
function shoppingListActions(
  deps: ShoppingListDeps,
): DeclaredActionTable<ShoppingList, typeof ShoppingListResource.actions> {
  return { ...listActions(deps), ...itemActions(deps) };
}

/**
 * Shopping lists (checkout facts 10): line items resolved from the catalog (name, product type, variant,
 * published), text line items, an owner (customer or anonymous session), a Store, custom fields, and the
 * retention the sweep applies (`deleteDaysAfterLastModification`, the Project's default when not given).
 */
export function defineShoppingList(
  deps: ShoppingListDeps,
): ResourceDefinition<ShoppingList, ShoppingListDraftDto> {
  return {
    typeId: 'shopping-list',
    table: shoppingListsTable,
    draft: ShoppingListDraftDto,
    actions: {
      ...shoppingListActions(deps),
      ...customFieldActions<ShoppingList>('shopping-list', deps.resolver),
    },
    async build(draft, { ctx }) {
      checkSlug(draft.slug);
      if (draft.businessUnit) noBusinessUnit(draft.businessUnit);
      const storeIdentifier = draft.store ?? (ctx.storeKey !== undefined ? { key: ctx.storeKey } : undefined);
      const lineItemDrafts = draft.lineItems ?? [];
      const textDrafts = draft.textLineItems ?? [];
      const [customer, store, custom, products, lineCustoms, textCustoms, deleteDays] = await Promise.all([
        draft.customer && customerReference(deps, ctx, draft.customer),
        storeIdentifier && storeReference(deps, ctx, storeIdentifier),
        resolveCustomFields(deps.resolver, ctx, 'shopping-list', draft.custom),
        productsOf(deps.rpc, ctx, lineItemDrafts),
        Promise.all(
          lineItemDrafts.map((item) => resolveCustomFields(deps.resolver, ctx, LINE_ITEM_TYPE, item.custom)),
        ),
        Promise.all(
          textDrafts.map((item) => resolveCustomFields(deps.resolver, ctx, TEXT_LINE_ITEM_TYPE, item.custom)),
        ),
        draft.deleteDaysAfterLastModification ?? defaultDeleteDays(deps, ctx),
      ]);
      const now = new Date().toISOString();
      const lineItems = lineItemDrafts.map((item, index) =>
        newLineItem(products[index], item, lineCustoms[index], now),
      );
      const textLineItems = textDrafts.map((item, index) => newTextLineItem(item, textCustoms[index], now));
      checkUniqueKeys(lineItems, 'lineItems');
      checkUniqueKeys(textLineItems, 'textLineItems');
      checkItemCount({ lineItems, textLineItems });
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.slug !== undefined ? { slug: draft.slug } : {}),
        ...(draft.description !== undefined ? { description: draft.description } : {}),
        ...(customer ? { customer } : {}),
        ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
        lineItems,
        textLineItems,
        deleteDaysAfterLastModification: deleteDays,
        ...(store ? { store } : {}),
        ...(custom ? { custom } : {}),
      };
    },
  };
}
