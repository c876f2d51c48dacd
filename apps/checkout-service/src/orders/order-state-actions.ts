import {
  ChangeOrderStateAction,
  ChangePaymentStateAction,
  ChangeShipmentStateAction,
  ImportCustomLineItemStateAction,
  ImportLineItemStateAction,
  TransitionCustomLineItemStateAction,
  TransitionLineItemStateAction,
  TransitionStateAction,
  type ItemState,
  type Order,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { requireStates, stateReference, transitionTarget } from '../shared/state-transition.js';
import { customLineItemOf, lineItemOf, withCustomLineItem, withLineItem } from './order-items.js';

/** Moves `quantity` of an item from one State to another, as `transition{,Custom}LineItemState` do. */
async function movedStates(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  states: ItemState[],
  quantity: number,
  fromState: ResourceIdentifier,
  toState: ResourceIdentifier,
): Promise<{ states: ItemState[]; from: Reference<'state'>; to: Reference<'state'> }> {
  const [from, to] = await requireStates(resolver, ctx, [fromState, toState]);
  for (const state of [from, to]) {
    if (state.type !== 'LineItemState') {
      throw Errors.invalidOperation(`The State '${state.key}' is a ${state.type}, not a LineItemState.`);
    }
  }
  if (from.transitions && !from.transitions.some((allowed) => allowed.id === to.id)) {
    throw Errors.invalidOperation(`A transition from the State '${from.key}' to '${to.key}' is not allowed.`);
  }
  // Carts name the built-in Initial State by the alias `Initial`: it is the same State.
  const idOf = (reference: Reference<'state'>) =>
    from.builtIn && reference.id === 'Initial' ? from.id : reference.id;
  const normalised = states.map((s) => ({ ...s, state: { typeId: 'state' as const, id: idOf(s.state) } }));
  const held = normalised.find((s) => s.state.id === from.id)?.quantity ?? 0;
  if (held < quantity) {
    throw Errors.invalidOperation(
      `Only ${held} of the item are in the State '${from.key}'; ${quantity} can not leave it.`,
    );
  }
  const moved = new Map(normalised.map((s) => [s.state.id, s.quantity]));
  moved.set(from.id, held - quantity);
  moved.set(to.id, (moved.get(to.id) ?? 0) + quantity);
  return {
    states: [...moved]
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ quantity: n, state: { typeId: 'state', id } })),
    from: { typeId: 'state', id: from.id },
    to: { typeId: 'state', id: to.id },
  };
}

/** The item's States as imported: they must be LineItemStates and add up to its quantity. */
async function importedStates(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  quantity: number,
  drafts: { quantity: number; state: ResourceIdentifier }[],
): Promise<ItemState[]> {
  const total = drafts.reduce((sum, d) => sum + d.quantity, 0);
  if (total !== quantity) {
    throw Errors.invalidOperation(
      `The States' quantities add up to ${total}, the item's quantity is ${quantity}.`,
    );
  }
  return Promise.all(
    drafts.map(async (d) => ({
      quantity: d.quantity,
      state: await stateReference(resolver, ctx, 'LineItemState', d.state),
    })),
  );
}

const transitionDate = (given?: string) => given ?? new Date().toISOString();

/** The order's own states, its workflow State, and the States of its items. */
export function orderStateActions(resolver: ReferenceResolver) {
  return {
    changeOrderState: action(ChangeOrderStateAction, (order: Order, { orderState }) => {
      if (order.orderState === orderState) return { resource: order };
      return {
        resource: { ...order, orderState },
        messages: [{ type: 'OrderStateChanged', orderState, oldOrderState: order.orderState }],
      };
    }),

    changePaymentState: action(ChangePaymentStateAction, (order: Order, { paymentState }) => {
      if (order.paymentState === paymentState) return { resource: order };
      return {
        resource: { ...order, paymentState },
        messages: [
          {
            type: 'OrderPaymentStateChanged',
            paymentState,
            ...(order.paymentState ? { oldPaymentState: order.paymentState } : {}),
          },
        ],
      };
    }),

    changeShipmentState: action(ChangeShipmentStateAction, (order: Order, { shipmentState }) => {
      if (order.shipmentState === shipmentState) return { resource: order };
      return {
        resource: { ...order, shipmentState },
        messages: [
          {
            type: 'OrderShipmentStateChanged',
            shipmentState,
            ...(order.shipmentState ? { oldShipmentState: order.shipmentState } : {}),
          },
        ],
      };
    }),

    transitionState: action(TransitionStateAction, async (order: Order, { state, force }, { ctx }) => {
      const next = await transitionTarget(resolver, ctx, 'OrderState', order.state, state, force === true);
      if (order.state?.id === next.id) return { resource: order };
      return {
        resource: { ...order, state: next },
        messages: [
          {
            type: 'OrderStateTransition',
            state: next,
            ...(order.state ? { oldState: order.state } : {}),
            force: force === true,
          },
        ],
      };
    }),

    transitionLineItemState: action(TransitionLineItemStateAction, async (order: Order, dto, { ctx }) => {
      const item = lineItemOf(order, dto);
      const moved = await movedStates(resolver, ctx, item.state, dto.quantity, dto.fromState, dto.toState);
      return {
        resource: withLineItem(order, { ...item, state: moved.states }),
        messages: [
          {
            type: 'LineItemStateTransition',
            lineItemId: item.id,
            ...(item.key ? { lineItemKey: item.key } : {}),
            transitionDate: transitionDate(dto.actualTransitionDate),
            quantity: dto.quantity,
            fromState: moved.from,
            toState: moved.to,
          },
        ],
      };
    }),

    transitionCustomLineItemState: action(
      TransitionCustomLineItemStateAction,
      async (order: Order, dto, { ctx }) => {
        const item = customLineItemOf(order, dto);
        const moved = await movedStates(resolver, ctx, item.state, dto.quantity, dto.fromState, dto.toState);
        return {
          resource: withCustomLineItem(order, { ...item, state: moved.states }),
          messages: [
            {
              type: 'CustomLineItemStateTransition',
              customLineItemId: item.id,
              ...(item.key ? { customLineItemKey: item.key } : {}),
              transitionDate: transitionDate(dto.actualTransitionDate),
              quantity: dto.quantity,
              fromState: moved.from,
              toState: moved.to,
            },
          ],
        };
      },
    ),

    importLineItemState: action(ImportLineItemStateAction, async (order: Order, dto, { ctx }) => {
      const item = lineItemOf(order, dto);
      const state = await importedStates(resolver, ctx, item.quantity, dto.state);
      return { resource: withLineItem(order, { ...item, state }) };
    }),

    importCustomLineItemState: action(ImportCustomLineItemStateAction, async (order: Order, dto, { ctx }) => {
      const item = customLineItemOf(order, dto);
      const state = await importedStates(resolver, ctx, item.quantity, dto.state);
      return { resource: withCustomLineItem(order, { ...item, state }) };
    }),
  } satisfies ActionTable<Order>;
}
