import { PaymentDraftDto, type Payment, type PaymentResource } from '@commerce/contracts';
import {
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { stateReference } from '../shared/state-transition.js';
import { basicPaymentActions } from './payment-basic-actions.js';
import { methodInfoActions, methodInfoOf } from './payment-method-info.js';
import { centPrecisionOf } from '../shared/money.js';
import { customerReference } from './payment-references.js';
import { transactionActions, transactionOf } from './payment-transactions.js';
import { paymentsTable } from './payments.table.js';

export const PAYMENT_ENGINE = Symbol('PAYMENT_ENGINE');

/** One handler for each action the Payment's descriptor declares: a missing one fails to compile. */
function paymentActions(
  resolver: ReferenceResolver,
): DeclaredActionTable<Payment, typeof PaymentResource.actions> {
  return {
    ...basicPaymentActions(resolver),
    ...transactionActions(resolver),
    ...methodInfoActions(resolver),
  };
}

/** Payments (checkout facts 8): transactions with ids and states, method info, status, custom fields. */
export function definePayment(resolver: ReferenceResolver): ResourceDefinition<Payment, PaymentDraftDto> {
  return {
    typeId: 'payment',
    table: paymentsTable,
    draft: PaymentDraftDto,
    actions: { ...paymentActions(resolver), ...customFieldActions<Payment>('payment', resolver) },
    async build(draft, { ctx }) {
      const [customer, custom, paymentMethodInfo, state, transactions, interfaceInteractions] =
        await Promise.all([
          draft.customer && customerReference(resolver, ctx, draft.customer),
          resolveCustomFields(resolver, ctx, 'payment', draft.custom),
          methodInfoOf(resolver, ctx, draft.paymentMethodInfo),
          draft.paymentStatus?.state &&
            stateReference(resolver, ctx, 'PaymentState', draft.paymentStatus.state),
          Promise.all((draft.transactions ?? []).map((t) => transactionOf(resolver, ctx, t))),
          Promise.all(
            (draft.interfaceInteractions ?? []).map((i) =>
              resolveCustomFields(resolver, ctx, 'payment-interface-interaction', i),
            ),
          ),
        ]);
      const { interfaceCode, interfaceText } = draft.paymentStatus ?? {};
      return {
        ...(draft.key ? { key: draft.key } : {}),
        ...(customer ? { customer } : {}),
        ...(draft.anonymousId ? { anonymousId: draft.anonymousId } : {}),
        ...(draft.interfaceId ? { interfaceId: draft.interfaceId } : {}),
        amountPlanned: centPrecisionOf(draft.amountPlanned, 'amountPlanned'),
        paymentMethodInfo,
        paymentStatus: {
          ...(interfaceCode ? { interfaceCode } : {}),
          ...(interfaceText ? { interfaceText } : {}),
          ...(state ? { state } : {}),
        },
        transactions,
        interfaceInteractions: interfaceInteractions.flatMap((i) => (i ? [i] : [])),
        ...(custom ? { custom } : {}),
      };
    },
    createdMessage: (payment) => ({ type: 'PaymentCreated', payment }),
  };
}
