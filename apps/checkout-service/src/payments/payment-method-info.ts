import {
  SetCustomFieldAction,
  SetCustomTypeAction,
  SetMethodInfoAction,
  SetMethodInfoInterfaceAccountAction,
  SetMethodInfoInterfaceAction,
  SetMethodInfoMethodAction,
  SetMethodInfoNameAction,
  SetMethodInfoTokenAction,
  type MessagePayload,
  type Payment,
  type PaymentMethodInfo,
  type PaymentMethodInfoDraftDto,
  type RequestContext,
} from '@commerce/contracts';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  sameJson,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { customFieldMessages, customTypeMessages } from '../shared/custom-messages.js';

/** A payment method from its draft, its custom fields checked against their Type (`payment-method-info`). */
export async function methodInfoOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: PaymentMethodInfoDraftDto | undefined,
): Promise<PaymentMethodInfo> {
  if (!draft) return {};
  const { custom: customDraft, token, ...fields } = draft;
  const custom = await resolveCustomFields(resolver, ctx, 'payment-method-info', customDraft);
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...defined, ...(token ? { token: { value: token.value } } : {}), ...(custom ? { custom } : {}) };
}

type MethodField = 'paymentInterface' | 'method' | 'name' | 'token' | 'interfaceAccount';

/** One field of the method info set or removed, with its `PaymentMethodInfo<X>Set` Message. */
function setField<F extends MethodField>(
  payment: Payment,
  field: F,
  value: PaymentMethodInfo[F] | undefined,
  message: (value: PaymentMethodInfo[F] | undefined, old: PaymentMethodInfo[F] | undefined) => MessagePayload,
) {
  const { [field]: old, ...rest } = payment.paymentMethodInfo;
  const paymentMethodInfo = value === undefined ? rest : { ...rest, [field]: value };
  if (sameJson(old, value)) return { resource: payment };
  return { resource: { ...payment, paymentMethodInfo }, messages: [message(value, old)] };
}

const withOld = (name: string, value: unknown, oldName: string, old: unknown) => ({
  ...(value !== undefined ? { [name]: value } : {}),
  ...(old !== undefined ? { [oldName]: old } : {}),
});

/** `setMethodInfo*`: the payment method's fields and custom fields. */
export function methodInfoActions(resolver: ReferenceResolver) {
  const custom = customFieldActions<PaymentMethodInfo>('payment-method-info', resolver);
  const onCustom =
    (name: 'setCustomType' | 'setCustomField') =>
    async (payment: Payment, dto: SetCustomTypeAction | SetCustomFieldAction, context: ActionContext) => {
      const before = payment.paymentMethodInfo;
      const { resource: after } = await custom[name].apply(before, dto, context);
      const messages =
        name === 'setCustomType'
          ? customTypeMessages('PaymentMethodInfo', before.custom, after.custom, 'oldTypeId')
          : customFieldMessages(
              'PaymentMethodInfo',
              (dto as SetCustomFieldAction).name,
              before.custom,
              after.custom,
            );
      return { resource: { ...payment, paymentMethodInfo: after }, messages };
    };
  return {
    setMethodInfo: action(SetMethodInfoAction, async (payment: Payment, dto, { ctx }) => ({
      resource: { ...payment, paymentMethodInfo: await methodInfoOf(resolver, ctx, dto) },
    })),
    setMethodInfoInterface: action(SetMethodInfoInterfaceAction, (payment: Payment, dto) =>
      setField(payment, 'paymentInterface', dto.interface, (value, old) => ({
        type: 'PaymentMethodInfoInterfaceSet',
        ...withOld('interface', value, 'oldInterface', old),
      })),
    ),
    setMethodInfoMethod: action(SetMethodInfoMethodAction, (payment: Payment, dto) =>
      setField(payment, 'method', dto.method, (value, old) => ({
        type: 'PaymentMethodInfoMethodSet',
        ...withOld('method', value, 'oldMethod', old),
      })),
    ),
    setMethodInfoName: action(SetMethodInfoNameAction, (payment: Payment, dto) =>
      setField(payment, 'name', dto.name, (value, old) => ({
        type: 'PaymentMethodInfoNameSet',
        ...withOld('name', value, 'oldName', old),
      })),
    ),
    setMethodInfoToken: action(SetMethodInfoTokenAction, (payment: Payment, dto) =>
      setField(payment, 'token', dto.token && { value: dto.token.value }, (value, old) => ({
        type: 'PaymentMethodInfoTokenSet',
        ...withOld('token', value, 'oldToken', old),
      })),
    ),
    setMethodInfoInterfaceAccount: action(SetMethodInfoInterfaceAccountAction, (payment: Payment, dto) =>
      setField(payment, 'interfaceAccount', dto.interfaceAccount, (value, old) => ({
        type: 'PaymentMethodInfoInterfaceAccountSet',
        ...withOld('interfaceAccount', value, 'oldInterfaceAccount', old),
      })),
    ),
    setMethodInfoCustomType: action(SetCustomTypeAction, onCustom('setCustomType')),
    setMethodInfoCustomField: action(SetCustomFieldAction, onCustom('setCustomField')),
  } satisfies ActionTable<Payment>;
}
