import { Nested, OptionalNested } from '../common/nested.js';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  CustomFieldsDraftDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  TypeResourceIdentifierDto,
  resourceIdentifierDto,
} from '../common/dto.js';
import { IsJsonObject, IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { Type } from '../dto-transform.js';
import { MoneyDto } from '../products/price.dto.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';
import { MY_TRANSACTION_TYPES, TRANSACTION_STATES, TRANSACTION_TYPES } from './payment.types.js';

export const CustomerResourceIdentifierDto = resourceIdentifierDto('customer');

export class PaymentMethodTokenDto {
  @IsString()
  value: string;
}

/** The fields of a payment method shared by the draft and `setMethodInfo`. */
export class PaymentMethodInfoDraftDto {
  @IsOptional()
  @IsString()
  paymentInterface?: string;

  @IsOptional()
  @IsString()
  method?: string;

  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;

  @OptionalNested(() => PaymentMethodTokenDto)
  token?: PaymentMethodTokenDto;

  @IsOptional()
  @IsString()
  interfaceAccount?: string;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}

export class PaymentStatusDraftDto {
  @IsOptional()
  @IsString()
  interfaceCode?: string;

  @IsOptional()
  @IsString()
  interfaceText?: string;

  @OptionalNested(() => StateResourceIdentifierDto)
  state?: InstanceType<typeof StateResourceIdentifierDto>;
}

export class TransactionDraftDto {
  @IsOptional()
  @IsISO8601({ strict: true })
  timestamp?: string;

  @IsIn(TRANSACTION_TYPES)
  type: (typeof TRANSACTION_TYPES)[number];

  @Nested(() => MoneyDto)
  amount: MoneyDto;

  @IsOptional()
  @IsString()
  interactionId?: string;

  @IsOptional()
  @IsIn(TRANSACTION_STATES)
  state?: (typeof TRANSACTION_STATES)[number];

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsString()
  interfaceId?: string;
}

/** `MyTransactionDraft`: an Authorization or a Charge, no state (it starts Initial). */
export class MyTransactionDraftDto {
  @IsOptional()
  @IsISO8601({ strict: true })
  timestamp?: string;

  @IsIn(MY_TRANSACTION_TYPES, { message: 'type must be Authorization or Charge.' })
  type: (typeof MY_TRANSACTION_TYPES)[number];

  @Nested(() => MoneyDto)
  amount: MoneyDto;

  @IsOptional()
  @IsString()
  interactionId?: string;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsString()
  interfaceId?: string;
}

export class PaymentDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @OptionalNested(() => CustomerResourceIdentifierDto)
  customer?: InstanceType<typeof CustomerResourceIdentifierDto>;

  @IsOptional()
  @IsString()
  anonymousId?: string;

  @IsOptional()
  @IsString()
  interfaceId?: string;

  @Nested(() => MoneyDto)
  amountPlanned: MoneyDto;

  @OptionalNested(() => PaymentMethodInfoDraftDto)
  paymentMethodInfo?: PaymentMethodInfoDraftDto;

  @OptionalNested(() => PaymentStatusDraftDto)
  paymentStatus?: PaymentStatusDraftDto;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => TransactionDraftDto)
  transactions?: TransactionDraftDto[];

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => CustomFieldsDraftDto)
  interfaceInteractions?: CustomFieldsDraftDto[];

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}

/** `MyPaymentDraft`: the owner comes from the token. */
export class MyPaymentDraftDto {
  @Nested(() => MoneyDto)
  amountPlanned: MoneyDto;

  @OptionalNested(() => PaymentMethodInfoDraftDto)
  paymentMethodInfo?: PaymentMethodInfoDraftDto;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNested(() => MyTransactionDraftDto)
  transaction?: MyTransactionDraftDto;
}

// --- update actions (SDK PaymentUpdateAction: 26) ---

export class AddPaymentTransactionAction {
  @Nested(() => TransactionDraftDto)
  transaction: TransactionDraftDto;
}

export class AddMyPaymentTransactionAction {
  @Nested(() => MyTransactionDraftDto)
  transaction: MyTransactionDraftDto;
}

export class AddInterfaceInteractionAction {
  @Nested(() => TypeResourceIdentifierDto)
  type: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  @IsJsonObject()
  fields?: Record<string, unknown>;
}

export class ChangeAmountPlannedAction {
  @Nested(() => MoneyDto)
  amount: MoneyDto;
}

class TransactionAction {
  @IsString()
  transactionId: string;
}

export class ChangeTransactionInteractionIdAction extends TransactionAction {
  @IsString()
  interactionId: string;
}

export class ChangeTransactionStateAction extends TransactionAction {
  @IsIn(TRANSACTION_STATES)
  state: (typeof TRANSACTION_STATES)[number];
}

export class ChangeTransactionTimestampAction extends TransactionAction {
  @IsISO8601({ strict: true })
  timestamp: string;
}

export class SetTransactionInterfaceIdAction extends TransactionAction {
  @IsOptional()
  @IsString()
  interfaceId?: string;
}

export class SetTransactionCustomTypeAction extends TransactionAction {
  @OptionalNested(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  fields?: Record<string, unknown>;
}

export class SetTransactionCustomFieldAction extends TransactionAction {
  @IsDefined()
  @IsString()
  name: string;

  @IsOptional()
  value?: unknown;
}

export class SetPaymentAnonymousIdAction {
  @IsOptional()
  @IsString()
  anonymousId?: string;
}

export class SetPaymentCustomerAction {
  @OptionalNested(() => CustomerResourceIdentifierDto)
  customer?: InstanceType<typeof CustomerResourceIdentifierDto>;
}

export class SetPaymentInterfaceIdAction {
  @IsString()
  interfaceId: string;
}

export class SetPaymentKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class SetMethodInfoAction extends PaymentMethodInfoDraftDto {}

export class SetMethodInfoInterfaceAction {
  @IsString()
  interface: string;
}

export class SetMethodInfoInterfaceAccountAction {
  @IsOptional()
  @IsString()
  interfaceAccount?: string;
}

export class SetMethodInfoMethodAction {
  @IsOptional()
  @IsString()
  method?: string;
}

export class SetMethodInfoNameAction {
  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;
}

export class SetMethodInfoTokenAction {
  @OptionalNested(() => PaymentMethodTokenDto)
  token?: PaymentMethodTokenDto;
}

export class SetStatusInterfaceCodeAction {
  @IsOptional()
  @IsString()
  interfaceCode?: string;
}

export class SetStatusInterfaceTextAction {
  @IsString()
  interfaceText: string;
}

export class TransitionStateAction {
  @Nested(() => StateResourceIdentifierDto)
  state: InstanceType<typeof StateResourceIdentifierDto>;

  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

/** The Payment's update actions by name (its descriptor adds `setCustomType` and `setCustomField`). */
export const PAYMENT_ACTIONS = {
  addTransaction: AddPaymentTransactionAction,
  addInterfaceInteraction: AddInterfaceInteractionAction,
  changeAmountPlanned: ChangeAmountPlannedAction,
  changeTransactionInteractionId: ChangeTransactionInteractionIdAction,
  changeTransactionState: ChangeTransactionStateAction,
  changeTransactionTimestamp: ChangeTransactionTimestampAction,
  setTransactionInterfaceId: SetTransactionInterfaceIdAction,
  setTransactionCustomType: SetTransactionCustomTypeAction,
  setTransactionCustomField: SetTransactionCustomFieldAction,
  setAnonymousId: SetPaymentAnonymousIdAction,
  setCustomer: SetPaymentCustomerAction,
  setInterfaceId: SetPaymentInterfaceIdAction,
  setKey: SetPaymentKeyAction,
  setMethodInfo: SetMethodInfoAction,
  setMethodInfoInterface: SetMethodInfoInterfaceAction,
  setMethodInfoInterfaceAccount: SetMethodInfoInterfaceAccountAction,
  setMethodInfoMethod: SetMethodInfoMethodAction,
  setMethodInfoName: SetMethodInfoNameAction,
  setMethodInfoToken: SetMethodInfoTokenAction,
  setMethodInfoCustomType: SetCustomTypeAction,
  setMethodInfoCustomField: SetCustomFieldAction,
  setStatusInterfaceCode: SetStatusInterfaceCodeAction,
  setStatusInterfaceText: SetStatusInterfaceTextAction,
  transitionState: TransitionStateAction,
} as const;

/** `MyPaymentUpdateAction` (10): the same DTOs, but a customer adds only Authorization or Charge. */
export const MY_PAYMENT_ACTIONS = {
  addTransaction: AddMyPaymentTransactionAction,
  changeAmountPlanned: ChangeAmountPlannedAction,
  setCustomField: SetCustomFieldAction,
  setMethodInfoCustomField: SetCustomFieldAction,
  setMethodInfoCustomType: SetCustomTypeAction,
  setMethodInfoInterfaceAccount: SetMethodInfoInterfaceAccountAction,
  setMethodInfoInterface: SetMethodInfoInterfaceAction,
  setMethodInfoMethod: SetMethodInfoMethodAction,
  setMethodInfoName: SetMethodInfoNameAction,
  setTransactionCustomField: SetTransactionCustomFieldAction,
} as const;
