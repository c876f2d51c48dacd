import {
  ChangeAmountPlannedAction,
  SetPaymentAnonymousIdAction,
  SetPaymentCustomerAction,
  SetPaymentInterfaceIdAction,
  SetPaymentKeyAction,
  SetStatusInterfaceCodeAction,
  SetStatusInterfaceTextAction,
  TransitionStateAction,
  type Payment,
} from '@commerce/contracts';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { transitionTarget } from '../shared/state-transition.js';
import { centPrecisionOf } from '../shared/money.js';
import { customerReference } from './payment-references.js';

/** Amount, owner, identifiers and status of a payment. */
export function basicPaymentActions(resolver: ReferenceResolver) {
  return {
    changeAmountPlanned: action(ChangeAmountPlannedAction, (payment: Payment, { amount }) => ({
      resource: { ...payment, amountPlanned: centPrecisionOf(amount, 'amount') },
    })),

    setCustomer: action(SetPaymentCustomerAction, async (payment: Payment, { customer }, { ctx }) => ({
      resource: withOptional(
        payment,
        'customer',
        customer && (await customerReference(resolver, ctx, customer)),
      ),
    })),

    setAnonymousId: action(SetPaymentAnonymousIdAction, (payment: Payment, { anonymousId }) => ({
      resource: withOptional(payment, 'anonymousId', anonymousId),
    })),

    setInterfaceId: action(SetPaymentInterfaceIdAction, (payment: Payment, { interfaceId }) => ({
      resource: { ...payment, interfaceId },
      messages: [
        {
          type: 'PaymentInterfaceIdSet',
          interfaceId,
          ...(payment.interfaceId ? { oldInterfaceId: payment.interfaceId } : {}),
        },
      ],
    })),

    setKey: action(SetPaymentKeyAction, (payment: Payment, { key }) => ({
      resource: withOptional(payment, 'key', key),
    })),

    setStatusInterfaceCode: action(SetStatusInterfaceCodeAction, (payment: Payment, { interfaceCode }) => ({
      resource: {
        ...payment,
        paymentStatus: withOptional(payment.paymentStatus, 'interfaceCode', interfaceCode),
      },
      messages: [{ type: 'PaymentStatusInterfaceCodeSet', ...(interfaceCode ? { interfaceCode } : {}) }],
    })),

    setStatusInterfaceText: action(SetStatusInterfaceTextAction, (payment: Payment, { interfaceText }) => ({
      resource: { ...payment, paymentStatus: { ...payment.paymentStatus, interfaceText } },
    })),

    transitionState: action(TransitionStateAction, async (payment: Payment, { state, force }, { ctx }) => {
      const next = await transitionTarget(
        resolver,
        ctx,
        'PaymentState',
        payment.paymentStatus.state,
        state,
        force === true,
      );
      if (payment.paymentStatus.state?.id === next.id) return { resource: payment };
      return {
        resource: { ...payment, paymentStatus: { ...payment.paymentStatus, state: next } },
        messages: [{ type: 'PaymentStatusStateTransition', state: next, force: force === true }],
      };
    }),
  } satisfies ActionTable<Payment>;
}
