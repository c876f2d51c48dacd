import type { MessagePayload } from '../messages/message.types.js';
import type { Order } from '../orders/order.types.js';
import {
  array,
  custom,
  type Infer,
  json,
  key,
  optional,
  reference,
  resource,
  string,
  typed,
} from '../shapes/shape.js';

/** What an applied edit records of the order before and after it (SDK OrderExcerpt). */
export interface OrderExcerpt {
  totalPrice: Order['totalPrice'];
  taxedPrice?: Order['taxedPrice'];
  version: number;
}

/** Where an edit stands (SDK OrderEditResult): not previewed, previewed (or not), or applied. */
export type OrderEditResult =
  | { type: 'NotProcessed' }
  | { type: 'PreviewSuccess'; preview: Order; messagePayloads: MessagePayload[] }
  | { type: 'PreviewFailure'; errors: Array<Record<string, unknown>> }
  | { type: 'Applied'; appliedAt: string; excerptBeforeEdit: OrderExcerpt; excerptAfterEdit: OrderExcerpt };

/** An Order Edit (SDK order-edit.ts): staged actions on an order, their preview, and once applied, the excerpts. */
export const OrderEditShape = resource('OrderEdit', {
  key: optional(key()),
  resource: reference('order'),
  stagedActions: typed<Array<Record<string, unknown> & { action: string }>>()(array(json())),
  result: typed<OrderEditResult>()(json()),
  comment: optional(string()),
  custom: optional(custom()),
});

export type OrderEdit = Infer<typeof OrderEditShape>;
