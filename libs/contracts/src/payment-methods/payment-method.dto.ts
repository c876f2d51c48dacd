import { OptionalNested } from '../common/nested.js';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { BusinessUnitResourceIdentifierDto } from '../carts/cart-draft.dto.js';
import { CustomFieldsDraftDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { CustomerResourceIdentifierDto, PaymentMethodTokenDto } from '../payments/payment.dto.js';
import { PAYMENT_METHOD_STATUSES, type PaymentMethodStatus } from './payment-method.shape.js';

type Identifier = { typeId?: string; id?: string; key?: string };

const STATUS_MESSAGE = { message: "paymentMethodStatus must be 'Active' or 'Inactive'." };

/** `PaymentMethodDraft` (beta, SDK): every field optional; status Active and `default` false unless given. */
export class PaymentMethodDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional() @IsLocalizedString() name?: Record<string, string>;
  @OptionalNested(() => CustomerResourceIdentifierDto)
  customer?: Identifier;
  @OptionalNested(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: Identifier;
  @IsOptional() @IsString() method?: string;
  @IsOptional() @IsString() paymentInterface?: string;
  @IsOptional() @IsString() interfaceAccount?: string;
  @OptionalNested(() => PaymentMethodTokenDto)
  token?: PaymentMethodTokenDto;
  @IsOptional() @IsIn(PAYMENT_METHOD_STATUSES, STATUS_MESSAGE) paymentMethodStatus?: PaymentMethodStatus;
  @IsOptional() @IsBoolean() default?: boolean;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class PaymentMethodSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}
export class PaymentMethodSetNameAction {
  @IsOptional() @IsLocalizedString() name?: Record<string, string>;
}
export class PaymentMethodSetMethodAction {
  @IsOptional() @IsString() method?: string;
}
export class PaymentMethodSetPaymentInterfaceAction {
  @IsOptional() @IsString() paymentInterface?: string;
}
export class PaymentMethodSetInterfaceAccountAction {
  @IsOptional() @IsString() interfaceAccount?: string;
}
export class PaymentMethodSetDefaultAction {
  @IsBoolean() default: boolean;
}
export class PaymentMethodSetPaymentMethodStatusAction {
  @IsIn(PAYMENT_METHOD_STATUSES, STATUS_MESSAGE) paymentMethodStatus: PaymentMethodStatus;
}

/** The payment method's update actions by name (SDK `PaymentMethodUpdateAction`, with the custom pair). */
export const PAYMENT_METHOD_ACTIONS = {
  setKey: PaymentMethodSetKeyAction,
  setName: PaymentMethodSetNameAction,
  setMethod: PaymentMethodSetMethodAction,
  setPaymentInterface: PaymentMethodSetPaymentInterfaceAction,
  setInterfaceAccount: PaymentMethodSetInterfaceAccountAction,
  setDefault: PaymentMethodSetDefaultAction,
  setPaymentMethodStatus: PaymentMethodSetPaymentMethodStatusAction,
} as const;
