import {
  array,
  boolean,
  custom,
  datetime,
  type Infer,
  integer,
  json,
  key,
  keyReference,
  localizedString,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

/** A line item of a product variant (SDK ShoppingListLineItem): the product's data as the catalog has it. */
export const ShoppingListLineItemShape = object('ShoppingListLineItem', {
  id: string(),
  key: optional(string()),
  productId: string(),
  /** Absent: the master variant. */
  variantId: optional(integer()),
  name: localizedString(),
  productType: reference('product-type'),
  published: boolean(),
  quantity: integer(),
  addedAt: datetime(),
  deactivatedAt: optional(datetime()),
  custom: optional(custom()),
  /** Only with `expand=lineItems[*].variant`: the variant of the product's current data. */
  variant: optional(json()),
  /** Only with `expand=lineItems[*].productSlug`. */
  productSlug: optional(localizedString()),
});

/** A line item of text only (SDK TextLineItem). */
export const TextLineItemShape = object('TextLineItem', {
  id: string(),
  key: optional(string()),
  name: localizedString(),
  description: optional(localizedString()),
  quantity: integer(),
  addedAt: datetime(),
  custom: optional(custom()),
});

/** A shopping list as the API answers it (SDK ShoppingList, checkout facts 10). */
export const ShoppingListShape = resource('ShoppingList', {
  key: optional(key()),
  name: localizedString(),
  slug: optional(localizedString()),
  description: optional(localizedString()),
  customer: optional(reference('customer')),
  anonymousId: optional(string()),
  lineItems: array(ShoppingListLineItemShape),
  textLineItems: array(TextLineItemShape),
  deleteDaysAfterLastModification: optional(integer()),
  store: optional(keyReference('store')),
  businessUnit: optional(keyReference('business-unit')),
  custom: optional(custom()),
});

export type ShoppingList = Infer<typeof ShoppingListShape>;
export type ShoppingListLineItem = ShoppingList['lineItems'][number];
export type TextLineItem = ShoppingList['textLineItems'][number];

/** Limits of shopping lists: the carts' (checkout facts 3, 4.11), the default retention is the Project's. */
export const SHOPPING_LIST_LIMITS = {
  deleteDays: { min: 1, max: 365_250 },
  quantity: 1_000_000_000,
  items: 500,
} as const;
