import {
  SHOPPING_LIST_ACTIONS,
  SHOPPING_LIST_LIMITS,
  type CheckoutProduct,
  type CustomFields,
  type CustomFieldsDraftDto,
  type MessagePayload,
  type ShoppingList,
  type ShoppingListLineItem,
  type TextLineItem,
  type TextLineItemDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  checkCustomField,
  resolveCustomFields,
  type ActionHandler,
  type ReferenceResolver,
} from '@commerce/resources';
import type { RequestContext, Type } from '@commerce/contracts';
import { randomUUID } from 'node:crypto';
import { productsOf } from './shopping-list-catalog.js';
import type { ShoppingListDeps } from './shopping-list-deps.js';

const A = SHOPPING_LIST_ACTIONS;
/** The Types' resource type ids of the two kinds of line items. */
export const LINE_ITEM_TYPE = 'line-item';
export const TEXT_LINE_ITEM_TYPE = 'shopping-list-text-line-item';

type LineItemDraft = {
  key?: string;
  addedAt?: string;
  quantity?: number;
  custom?: CustomFieldsDraftDto;
};

/** A new line item of a product variant: the product's name and type as the catalog has them now. */
export function newLineItem(
  product: CheckoutProduct,
  draft: LineItemDraft,
  custom: CustomFields | undefined,
  now: string,
): ShoppingListLineItem {
  return {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    productId: product.productId,
    variantId: product.variant.id,
    name: product.name,
    productType: product.productType,
    published: product.published ?? true,
    quantity: draft.quantity ?? 1,
    addedAt: draft.addedAt ?? now,
    ...(custom ? { custom } : {}),
  };
}

export function newTextLineItem(
  draft: TextLineItemDraftDto,
  custom: CustomFields | undefined,
  now: string,
): TextLineItem {
  return {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    ...(draft.description !== undefined ? { description: draft.description } : {}),
    quantity: draft.quantity ?? 1,
    addedAt: draft.addedAt ?? now,
    ...(custom ? { custom } : {}),
  };
}

/** Keys are unique per list and kind of line item. */
export function checkUniqueKeys(items: readonly { key?: string }[], label: string): void {
  const keys = items.flatMap((item) => (item.key === undefined ? [] : [item.key]));
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate !== undefined) throw Errors.duplicateField(`${label}.key`, duplicate);
}

export function checkItemCount(list: Pick<ShoppingList, 'lineItems' | 'textLineItems'>): void {
  if (
    list.lineItems.length > SHOPPING_LIST_LIMITS.items ||
    list.textLineItems.length > SHOPPING_LIST_LIMITS.items
  )
    throw Errors.invalidInput(
      `A shopping list holds at most ${SHOPPING_LIST_LIMITS.items} items of each kind.`,
    );
}

function itemOf<T extends { id: string; key?: string }>(
  items: readonly T[],
  id: string | undefined,
  key: string | undefined,
  field: 'lineItem' | 'textLineItem',
): T {
  if ((id === undefined) === (key === undefined))
    throw Errors.invalidInput(`Either '${field}Id' or '${field}Key' must be set, not both.`);
  const found = items.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!found) {
    const label = field === 'lineItem' ? 'Line item' : 'Text line item';
    throw Errors.invalidInput(
      `${label} with ${id !== undefined ? `ID '${id}'` : `key '${key}'`} not found in the shopping list.`,
    );
  }
  return found;
}

/** The items in the order `ids` gives: every item exactly once. */
function reordered<T extends { id: string }>(
  items: readonly T[],
  ids: readonly string[],
  field: string,
): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  if (ids.length !== items.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
    throw Errors.invalidInput(`${field} must name every item of the list exactly once.`);
  return ids.map((id) => byId.get(id)!);
}

const sameCustom = (a: CustomFields | undefined, b: CustomFields | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function customFieldsOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  typeId: string,
  type: { id?: string; key?: string } | undefined,
  fields: Record<string, unknown> | undefined,
): Promise<CustomFields | undefined> {
  if (!type) return undefined;
  return resolveCustomFields(resolver, ctx, typeId, { type, fields: fields ?? {} });
}

/** One custom field of an item's custom fields set or removed (as `setCustomField` does for resources). */
async function withCustomField<T extends { custom?: CustomFields }>(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  item: T,
  name: string,
  value: unknown,
): Promise<T> {
  if (!item.custom) throw Errors.invalidOperation('The item has no custom type; set one first.');
  let fields = { ...item.custom.fields };
  if (value === undefined || value === null) {
    if (!Object.hasOwn(fields, name))
      throw Errors.invalidOperation(`The custom field '${name}' does not exist.`);
    delete fields[name];
  } else {
    const [type] = await resolver.require<Type & Record<string, unknown>>(ctx, 'type', [item.custom.type]);
    checkCustomField(type, name, value);
    fields = { ...fields, [name]: value };
  }
  return { ...item, custom: { ...item.custom, fields } };
}

function withoutCustom<T extends { custom?: CustomFields }>(item: T): T {
  const { custom: _removed, ...rest } = item;
  return rest as T;
}

const replace = <T extends { id: string }>(items: readonly T[], next: T) =>
  items.map((item) => (item.id === next.id ? next : item));

const removedMessage = (lineItem: ShoppingListLineItem): MessagePayload => ({
  type: 'ShoppingListLineItemRemoved',
  lineItem,
});

type ItemActionName =
  | 'addLineItem'
  | 'changeLineItemQuantity'
  | 'changeLineItemsOrder'
  | 'removeLineItem'
  | 'setLineItemCustomType'
  | 'setLineItemCustomField'
  | 'addTextLineItem'
  | 'changeTextLineItemName'
  | 'changeTextLineItemQuantity'
  | 'changeTextLineItemsOrder'
  | 'removeTextLineItem'
  | 'setTextLineItemDescription'
  | 'setTextLineItemCustomType'
  | 'setTextLineItemCustomField';

/**
 * The actions on line items and text line items (checkout facts 10): adding the same variant with the same
 * custom fields adds to its quantity; a quantity of 0 or removing at least the quantity removes the item.
 */
export function itemActions(deps: ShoppingListDeps): Record<ItemActionName, ActionHandler<ShoppingList>> {
  const { resolver } = deps;
  return {
    addLineItem: action(A.addLineItem, async (list: ShoppingList, draft, { ctx }) => {
      const [[product], custom] = await Promise.all([
        productsOf(deps.rpc, ctx, [draft]),
        resolveCustomFields(resolver, ctx, LINE_ITEM_TYPE, draft.custom),
      ]);
      const same = list.lineItems.find(
        (item) =>
          item.productId === product.productId &&
          item.variantId === product.variant.id &&
          sameCustom(item.custom, custom) &&
          (draft.key === undefined || item.key === draft.key),
      );
      const lineItem = same
        ? {
            ...same,
            quantity: Math.min(same.quantity + (draft.quantity ?? 1), SHOPPING_LIST_LIMITS.quantity),
          }
        : newLineItem(product, draft, custom, new Date().toISOString());
      const lineItems = same ? replace(list.lineItems, lineItem) : [...list.lineItems, lineItem];
      checkUniqueKeys(lineItems, 'lineItems');
      const next = { ...list, lineItems };
      checkItemCount(next);
      return { resource: next, messages: [{ type: 'ShoppingListLineItemAdded', lineItem }] };
    }),
    changeLineItemQuantity: action(A.changeLineItemQuantity, (list: ShoppingList, change) => {
      const item = itemOf(list.lineItems, change.lineItemId, change.lineItemKey, 'lineItem');
      if (change.quantity === 0)
        return {
          resource: { ...list, lineItems: list.lineItems.filter((other) => other.id !== item.id) },
          messages: [removedMessage(item)],
        };
      return {
        resource: { ...list, lineItems: replace(list.lineItems, { ...item, quantity: change.quantity }) },
      };
    }),
    changeLineItemsOrder: action(A.changeLineItemsOrder, (list: ShoppingList, { lineItemOrder }) => ({
      resource: { ...list, lineItems: reordered(list.lineItems, lineItemOrder, 'lineItemOrder') },
    })),
    removeLineItem: action(A.removeLineItem, (list: ShoppingList, remove) => {
      const item = itemOf(list.lineItems, remove.lineItemId, remove.lineItemKey, 'lineItem');
      if (remove.quantity !== undefined && remove.quantity < item.quantity)
        return {
          resource: {
            ...list,
            lineItems: replace(list.lineItems, { ...item, quantity: item.quantity - remove.quantity }),
          },
        };
      return {
        resource: { ...list, lineItems: list.lineItems.filter((other) => other.id !== item.id) },
        messages: [removedMessage(item)],
      };
    }),
    setLineItemCustomType: action(A.setLineItemCustomType, async (list: ShoppingList, set, { ctx }) => {
      const item = itemOf(list.lineItems, set.lineItemId, set.lineItemKey, 'lineItem');
      const custom = await customFieldsOf(resolver, ctx, LINE_ITEM_TYPE, set.type, set.fields);
      const next = custom ? { ...item, custom } : withoutCustom(item);
      return { resource: { ...list, lineItems: replace(list.lineItems, next) } };
    }),
    setLineItemCustomField: action(A.setLineItemCustomField, async (list: ShoppingList, set, { ctx }) => {
      const item = itemOf(list.lineItems, set.lineItemId, set.lineItemKey, 'lineItem');
      const next = await withCustomField(resolver, ctx, item, set.name, set.value);
      return { resource: { ...list, lineItems: replace(list.lineItems, next) } };
    }),
    addTextLineItem: action(A.addTextLineItem, async (list: ShoppingList, draft, { ctx }) => {
      const custom = await resolveCustomFields(resolver, ctx, TEXT_LINE_ITEM_TYPE, draft.custom);
      const textLineItems = [...list.textLineItems, newTextLineItem(draft, custom, new Date().toISOString())];
      checkUniqueKeys(textLineItems, 'textLineItems');
      const next = { ...list, textLineItems };
      checkItemCount(next);
      return { resource: next };
    }),
    changeTextLineItemName: action(A.changeTextLineItemName, (list: ShoppingList, change) => {
      const item = itemOf(list.textLineItems, change.textLineItemId, change.textLineItemKey, 'textLineItem');
      return {
        resource: { ...list, textLineItems: replace(list.textLineItems, { ...item, name: change.name }) },
      };
    }),
    changeTextLineItemQuantity: action(A.changeTextLineItemQuantity, (list: ShoppingList, change) => {
      const item = itemOf(list.textLineItems, change.textLineItemId, change.textLineItemKey, 'textLineItem');
      const textLineItems =
        change.quantity === 0
          ? list.textLineItems.filter((other) => other.id !== item.id)
          : replace(list.textLineItems, { ...item, quantity: change.quantity });
      return { resource: { ...list, textLineItems } };
    }),
    changeTextLineItemsOrder: action(
      A.changeTextLineItemsOrder,
      (list: ShoppingList, { textLineItemOrder }) => ({
        resource: {
          ...list,
          textLineItems: reordered(list.textLineItems, textLineItemOrder, 'textLineItemOrder'),
        },
      }),
    ),
    removeTextLineItem: action(A.removeTextLineItem, (list: ShoppingList, remove) => {
      const item = itemOf(list.textLineItems, remove.textLineItemId, remove.textLineItemKey, 'textLineItem');
      const textLineItems =
        remove.quantity !== undefined && remove.quantity < item.quantity
          ? replace(list.textLineItems, { ...item, quantity: item.quantity - remove.quantity })
          : list.textLineItems.filter((other) => other.id !== item.id);
      return { resource: { ...list, textLineItems } };
    }),
    setTextLineItemDescription: action(A.setTextLineItemDescription, (list: ShoppingList, set) => {
      const item = itemOf(list.textLineItems, set.textLineItemId, set.textLineItemKey, 'textLineItem');
      const { description: _old, ...rest } = item;
      const next = set.description !== undefined ? { ...rest, description: set.description } : rest;
      return { resource: { ...list, textLineItems: replace(list.textLineItems, next) } };
    }),
    setTextLineItemCustomType: action(
      A.setTextLineItemCustomType,
      async (list: ShoppingList, set, { ctx }) => {
        const item = itemOf(list.textLineItems, set.textLineItemId, set.textLineItemKey, 'textLineItem');
        const custom = await customFieldsOf(resolver, ctx, TEXT_LINE_ITEM_TYPE, set.type, set.fields);
        const next = custom ? { ...item, custom } : withoutCustom(item);
        return { resource: { ...list, textLineItems: replace(list.textLineItems, next) } };
      },
    ),
    setTextLineItemCustomField: action(
      A.setTextLineItemCustomField,
      async (list: ShoppingList, set, { ctx }) => {
        const item = itemOf(list.textLineItems, set.textLineItemId, set.textLineItemKey, 'textLineItem');
        const next = await withCustomField(resolver, ctx, item, set.name, set.value);
        return { resource: { ...list, textLineItems: replace(list.textLineItems, next) } };
      },
    ),
  };
}
