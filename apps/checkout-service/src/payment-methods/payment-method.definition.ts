import {
  PaymentMethodDraftDto,
  PaymentMethodSetDefaultAction,
  PaymentMethodSetInterfaceAccountAction,
  PaymentMethodSetKeyAction,
  PaymentMethodSetMethodAction,
  PaymentMethodSetNameAction,
  PaymentMethodSetPaymentInterfaceAction,
  PaymentMethodSetPaymentMethodStatusAction,
  type MessagePayload,
  type PaymentMethod,
  type PaymentMethodResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  resolveCustomFields,
  sameJson,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { customerReference } from '../payments/payment-references.js';
import { customActionsWithMessages } from '../shared/custom-actions-with-messages.js';
import { withOptional } from '../shared/fields.js';
import { clearOtherDefaults } from './payment-method-default.js';
import { paymentMethodsTable } from './payment-methods.table.js';

export const PAYMENT_METHOD_ENGINE = Symbol('PAYMENT_METHOD_ENGINE');

/** SDK (setDefault): an inactive payment method cannot be the default. */
function activeForDefault(method: Pick<PaymentMethod, 'paymentMethodStatus'>): void {
  if (method.paymentMethodStatus === 'Inactive')
    throw Errors.invalidOperation('An inactive payment method cannot be the default.');
}

type Field = 'key' | 'name' | 'method' | 'paymentInterface' | 'interfaceAccount';

/** One optional field set or removed, with its `PaymentMethod<X>Set` Message (`<field>`, `old<Field>`). */
function setField<F extends Field>(method: PaymentMethod, field: F, value: PaymentMethod[F], type: string) {
  const old = method[field];
  if (sameJson(old, value ?? undefined)) return { resource: method };
  const Field = field[0].toUpperCase() + field.slice(1);
  const message: MessagePayload = {
    type,
    ...(value !== undefined && value !== null ? { [field]: value } : {}),
    ...(old !== undefined ? { [`old${Field}`]: old } : {}),
  };
  return { resource: withOptional(method, field, value), messages: [message] };
}

function paymentMethodActions(
  resolver: ReferenceResolver,
): DeclaredActionTable<PaymentMethod, typeof PaymentMethodResource.actions> {
  return {
    setKey: action(PaymentMethodSetKeyAction, (m: PaymentMethod, { key }) =>
      setField(m, 'key', key, 'PaymentMethodKeySet'),
    ),
    setName: action(PaymentMethodSetNameAction, (m: PaymentMethod, { name }) =>
      setField(m, 'name', name, 'PaymentMethodNameSet'),
    ),
    setMethod: action(PaymentMethodSetMethodAction, (m: PaymentMethod, { method }) =>
      setField(m, 'method', method, 'PaymentMethodMethodSet'),
    ),
    setPaymentInterface: action(PaymentMethodSetPaymentInterfaceAction, (m: PaymentMethod, dto) =>
      setField(m, 'paymentInterface', dto.paymentInterface, 'PaymentMethodPaymentInterfaceSet'),
    ),
    setInterfaceAccount: action(PaymentMethodSetInterfaceAccountAction, (m: PaymentMethod, dto) =>
      setField(m, 'interfaceAccount', dto.interfaceAccount, 'PaymentMethodInterfaceAccountSet'),
    ),
    setDefault: action(PaymentMethodSetDefaultAction, (m: PaymentMethod, dto, { ctx }) => {
      if (m.default === dto.default) return { resource: m };
      if (dto.default) activeForDefault(m);
      const resource = { ...m, default: dto.default };
      return {
        resource,
        messages: [{ type: 'PaymentMethodDefaultSet', default: dto.default, oldDefault: m.default }],
        ...(dto.default ? { write: clearOtherDefaults(ctx, resource) } : {}),
      };
    }),
    setPaymentMethodStatus: action(PaymentMethodSetPaymentMethodStatusAction, (m: PaymentMethod, dto) =>
      m.paymentMethodStatus === dto.paymentMethodStatus
        ? { resource: m }
        : {
            resource: { ...m, paymentMethodStatus: dto.paymentMethodStatus },
            messages: [
              {
                type: 'PaymentMethodPaymentMethodStatusSet',
                status: dto.paymentMethodStatus,
                oldStatus: m.paymentMethodStatus,
              },
            ],
          },
    ),
    ...customActionsWithMessages<PaymentMethod>('payment-method', 'PaymentMethod', resolver, {
      oldTypeId: 'oldTypeId',
      oldValue: 'oldValue',
    }),
  };
}

/**
 * Payment methods (beta): a customer's stored means of payment (its token at the PSP). Status `Active` and
 * `default` false unless the draft says otherwise; one default per owner (`clearOtherDefaults`). Business units do not exist on this platform yet, so a draft
 * naming one is `ReferencedResourceNotFound`.
 */
export function definePaymentMethod(
  resolver: ReferenceResolver,
): ResourceDefinition<PaymentMethod, PaymentMethodDraftDto> {
  return {
    typeId: 'payment-method',
    table: paymentMethodsTable,
    draft: PaymentMethodDraftDto,
    actions: paymentMethodActions(resolver),
    async build(draft, { ctx }) {
      if (draft.businessUnit) {
        const { id, key } = draft.businessUnit;
        throw Errors.referencedResourceNotFound(
          'business-unit',
          id !== undefined ? { id } : { key: key ?? '' },
        );
      }
      const [customer, custom] = await Promise.all([
        draft.customer && customerReference(resolver, ctx, draft.customer),
        resolveCustomFields(resolver, ctx, 'payment-method', draft.custom),
      ]);
      const { key, name, method, paymentInterface, interfaceAccount } = draft;
      if (draft.default) activeForDefault({ paymentMethodStatus: draft.paymentMethodStatus ?? 'Active' });
      return {
        ...(key ? { key } : {}),
        ...(name ? { name } : {}),
        ...(method !== undefined ? { method } : {}),
        ...(paymentInterface !== undefined ? { paymentInterface } : {}),
        ...(interfaceAccount !== undefined ? { interfaceAccount } : {}),
        ...(customer ? { customer } : {}),
        ...(draft.token ? { token: { value: draft.token.value } } : {}),
        paymentMethodStatus: draft.paymentMethodStatus ?? 'Active',
        default: draft.default ?? false,
        ...(custom ? { custom } : {}),
      };
    },
    createWrite: (paymentMethod, _draft, { ctx }) =>
      paymentMethod.default ? clearOtherDefaults(ctx, paymentMethod) : undefined,
    createdMessage: (paymentMethod) => ({ type: 'PaymentMethodCreated', paymentMethod }),
    deletedMessage: (paymentMethod) => ({ type: 'PaymentMethodDeleted', paymentMethod }),
  };
}
