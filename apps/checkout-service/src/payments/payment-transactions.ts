import {
  AddInterfaceInteractionAction,
  AddPaymentTransactionAction,
  ChangeTransactionInteractionIdAction,
  ChangeTransactionStateAction,
  ChangeTransactionTimestampAction,
  CustomFieldsDraftDto,
  DEFAULT_TRANSACTION_STATE,
  SetTransactionCustomFieldAction,
  SetTransactionCustomTypeAction,
  SetTransactionInterfaceIdAction,
  type MyTransactionDraftDto,
  type Payment,
  type RequestContext,
  type Transaction,
  type TransactionDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { centPrecisionOf } from '../shared/money.js';

/** A transaction from its draft: a new id, the state `Initial` unless given, custom fields checked. */
export async function transactionOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: TransactionDraftDto | MyTransactionDraftDto,
): Promise<Transaction> {
  const custom = await resolveCustomFields(resolver, ctx, 'transaction', draft.custom);
  const state = 'state' in draft && draft.state ? draft.state : DEFAULT_TRANSACTION_STATE;
  return {
    id: randomUUID(),
    ...(draft.timestamp ? { timestamp: draft.timestamp } : {}),
    type: draft.type,
    amount: centPrecisionOf(draft.amount, 'transaction.amount'),
    ...(draft.interactionId ? { interactionId: draft.interactionId } : {}),
    state,
    ...(custom ? { custom } : {}),
    ...(draft.interfaceId ? { interfaceId: draft.interfaceId } : {}),
  };
}

function transactionIn(payment: Payment, transactionId: string): Transaction {
  const transaction = payment.transactions.find((candidate) => candidate.id === transactionId);
  if (!transaction) {
    throw Errors.invalidInput(`The payment has no transaction with the ID '${transactionId}'.`);
  }
  return transaction;
}

function withTransaction(payment: Payment, changed: Transaction): Payment {
  return {
    ...payment,
    transactions: payment.transactions.map((t) => (t.id === changed.id ? changed : t)),
  };
}

/** The transactions and interface interactions of a payment. */
export function transactionActions(resolver: ReferenceResolver) {
  const custom = customFieldActions<Transaction>('transaction', resolver);
  const onTransaction =
    (name: 'setCustomType' | 'setCustomField') =>
    async (
      payment: Payment,
      { transactionId, ...dto }: { transactionId: string },
      context: ActionContext,
    ) => {
      const transaction = transactionIn(payment, transactionId);
      const { resource } = await custom[name].apply(transaction, dto, context);
      return { resource: withTransaction(payment, resource) };
    };
  return {
    addTransaction: action(AddPaymentTransactionAction, async (payment: Payment, dto, { ctx }) => {
      const transaction = await transactionOf(resolver, ctx, dto.transaction);
      return {
        resource: { ...payment, transactions: [...payment.transactions, transaction] },
        messages: [{ type: 'PaymentTransactionAdded', transaction }],
      };
    }),

    changeTransactionState: action(ChangeTransactionStateAction, (payment: Payment, dto) => {
      const transaction = transactionIn(payment, dto.transactionId);
      return {
        resource: withTransaction(payment, { ...transaction, state: dto.state }),
        messages: [
          { type: 'PaymentTransactionStateChanged', transactionId: transaction.id, state: dto.state },
        ],
      };
    }),

    changeTransactionTimestamp: action(ChangeTransactionTimestampAction, (payment: Payment, dto) => {
      const transaction = transactionIn(payment, dto.transactionId);
      return { resource: withTransaction(payment, { ...transaction, timestamp: dto.timestamp }) };
    }),

    changeTransactionInteractionId: action(ChangeTransactionInteractionIdAction, (payment: Payment, dto) => {
      const transaction = transactionIn(payment, dto.transactionId);
      return { resource: withTransaction(payment, { ...transaction, interactionId: dto.interactionId }) };
    }),

    setTransactionInterfaceId: action(SetTransactionInterfaceIdAction, (payment: Payment, dto) => {
      const { interfaceId: oldInterfaceId, ...rest } = transactionIn(payment, dto.transactionId);
      const changed = dto.interfaceId ? { ...rest, interfaceId: dto.interfaceId } : rest;
      return {
        resource: withTransaction(payment, changed),
        messages: [
          {
            type: 'PaymentTransactionInterfaceIdSet',
            transactionId: rest.id,
            ...(dto.interfaceId ? { newInterfaceId: dto.interfaceId } : {}),
            ...(oldInterfaceId ? { oldInterfaceId } : {}),
          },
        ],
      };
    }),

    setTransactionCustomType: action(SetTransactionCustomTypeAction, onTransaction('setCustomType')),
    setTransactionCustomField: action(SetTransactionCustomFieldAction, onTransaction('setCustomField')),

    addInterfaceInteraction: action(AddInterfaceInteractionAction, async (payment: Payment, dto, { ctx }) => {
      const draft = Object.assign(new CustomFieldsDraftDto(), { type: dto.type, fields: dto.fields ?? {} });
      const interaction = await resolveCustomFields(resolver, ctx, 'payment-interface-interaction', draft);
      if (!interaction) return { resource: payment };
      return {
        resource: { ...payment, interfaceInteractions: [...payment.interfaceInteractions, interaction] },
        messages: [{ type: 'PaymentInteractionAdded', interaction }],
      };
    }),
  } satisfies ActionTable<Payment>;
}
