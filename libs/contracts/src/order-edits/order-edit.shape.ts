import { TaxedPriceShape } from '../carts/cart.shape.js';
import { centPrecisionMoney } from '../common/money.shape.js';
import type { MessagePayload } from '../messages/message.types.js';
import type { Order } from '../orders/order.types.js';
import {
  array,
  custom,
  datetime,
  type Infer,
  integer,
  json,
  key,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
  union,
} from '../shapes/shape.js';

/**
 * What an applied edit records of the order before and after it (SDK OrderExcerpt; GraphQL `OrderExcerpt`,
 * whose `version` is `Long` there and `Long!` here: every excerpt has one, as REST says).
 */
export const OrderExcerptShape = object('OrderExcerpt', {
  totalPrice: centPrecisionMoney(),
  taxedPrice: optional(TaxedPriceShape),
  version: integer({ graphql: 'Long' }),
});
export type OrderExcerpt = Infer<typeof OrderExcerptShape>;

/**
 * Where an edit stands (SDK OrderEditResult; the live GraphQL interface `OrderEditResult` with one type per
 * `type`): not previewed, previewed (or not), or applied. A preview is the Order as `order(id)` answers it
 * (GraphQL `Order`); its Messages are the live interface `OrderMessagePayload` (`types.sdl.ts`).
 */
export const OrderEditResultShape = union('OrderEditResult', 'type', {
  NotProcessed: object('NotProcessed', {}),
  PreviewSuccess: object('PreviewSuccess', {
    preview: typed<Order>()(json({ graphql: 'Order' })),
    messagePayloads: array(typed<MessagePayload>()(json({ graphql: 'OrderMessagePayload' }))),
  }),
  PreviewFailure: object('PreviewFailure', { errors: array(typed<Record<string, unknown>>()(json())) }),
  Applied: object('Applied', {
    appliedAt: datetime(),
    excerptBeforeEdit: OrderExcerptShape,
    excerptAfterEdit: OrderExcerptShape,
  }),
});
export type OrderEditResult = Infer<typeof OrderEditResultShape>;

/** An Order Edit (SDK order-edit.ts): staged actions on an order, their preview, and once applied, the excerpts. */
export const OrderEditShape = resource('OrderEdit', {
  key: optional(key()),
  resource: reference('order'),
  stagedActions: typed<Array<Record<string, unknown> & { action: string }>>()(array(json())),
  result: OrderEditResultShape,
  comment: optional(string()),
  custom: optional(custom()),
});

export type OrderEdit = Infer<typeof OrderEditShape>;
