import { Nested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { TypeResourceIdentifierDto } from '../common/dto.js';
import { IsJsonObject, KEY_PATTERN } from '../common/validators.js';
import { CustomerGroupResourceIdentifierDto } from '../customer-groups/customer-group.dto.js';
import {
  AddressDraftDto,
  CUSTOMER_LIMITS,
  CustomerGroupAssignmentDraftDto,
  StoreResourceIdentifierDto,
} from './customer.dto.js';
import { CUSTOMER_TOKEN_TTL } from './customer.types.js';

type StoreId = InstanceType<typeof StoreResourceIdentifierDto>;
type GroupId = InstanceType<typeof CustomerGroupResourceIdentifierDto>;
type TypeId = InstanceType<typeof TypeResourceIdentifierDto>;

export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Actions naming an address by `addressId` or `addressKey` (exactly one is checked by the action). */
export class CustomerAddressRefAction {
  @IsOptional() @IsString() addressId?: string;
  @IsOptional() @IsString() addressKey?: string;
}

/** `setDefaultShippingAddress`/`setDefaultBillingAddress`: no address unsets the default. */
export class CustomerSetDefaultAddressAction extends CustomerAddressRefAction {}

export class CustomerAddAddressAction {
  @IsDefined() @ValidateNested() @Type(() => AddressDraftDto) address: AddressDraftDto;
}

export class CustomerChangeAddressAction extends CustomerAddressRefAction {
  @IsDefined() @ValidateNested() @Type(() => AddressDraftDto) address: AddressDraftDto;
}

export class CustomerChangeEmailAction {
  @IsString() @Length(1, 256) email: string;
}

const textFieldActions = new Map<string, new () => object>();

/**
 * The set-action of one optional text field (`setFirstName`, `setVatId`, ...): absent unsets it. One class per
 * field, made once, so the service's action table and the documented union (update-actions.ts) share it.
 */
export function textFieldAction<F extends string>(field: F, max = 256): new () => Partial<Record<F, string>> {
  let made = textFieldActions.get(field);
  if (!made) {
    class SetTextAction {}
    IsOptional()(SetTextAction.prototype, field);
    IsString()(SetTextAction.prototype, field);
    Length(0, max)(SetTextAction.prototype, field);
    Object.defineProperty(SetTextAction, 'name', { value: `CustomerSet_${field}_Action` });
    textFieldActions.set(field, SetTextAction);
    made = SetTextAction;
  }
  return made;
}

export class CustomerSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class CustomerSetCustomerNumberAction {
  @IsOptional() @IsString() @Length(1, 256) customerNumber?: string;
}

export class CustomerSetDateOfBirthAction {
  @IsOptional()
  @Matches(DATE_PATTERN, { message: 'dateOfBirth must be a date YYYY-MM-DD.' })
  dateOfBirth?: string;
}

export class CustomerSetLocaleAction {
  @IsOptional() @Matches(LOCALE_PATTERN, { message: 'locale must be an IETF language tag.' }) locale?: string;
}

export class CustomerSetAuthenticationModeAction {
  @IsIn(['Password', 'ExternalAuth']) authMode: 'Password' | 'ExternalAuth';
  @IsOptional()
  @IsString()
  @Length(CUSTOMER_LIMITS.passwordLength.min, CUSTOMER_LIMITS.passwordLength.max)
  password?: string;
}

export class CustomerSetCustomerGroupAction {
  @IsOptional() @ValidateNested() @Type(() => CustomerGroupResourceIdentifierDto) customerGroup?: GroupId;
}

export class CustomerAddCustomerGroupAssignmentAction {
  @Nested(() => CustomerGroupAssignmentDraftDto)
  customerGroupAssignment: CustomerGroupAssignmentDraftDto;
}

export class CustomerRemoveCustomerGroupAssignmentAction {
  @IsDefined() @ValidateNested() @Type(() => CustomerGroupResourceIdentifierDto) customerGroup: GroupId;
}

export class CustomerSetCustomerGroupAssignmentsAction {
  @IsArray()
  @ArrayMaxSize(CUSTOMER_LIMITS.groupAssignments)
  @ValidateNested({ each: true })
  @Type(() => CustomerGroupAssignmentDraftDto)
  customerGroupAssignments: CustomerGroupAssignmentDraftDto[];
}

export class CustomerStoreAction {
  @IsDefined() @ValidateNested() @Type(() => StoreResourceIdentifierDto) store: StoreId;
}

export class CustomerSetStoresAction {
  @IsArray()
  @ArrayMaxSize(CUSTOMER_LIMITS.stores)
  @ValidateNested({ each: true })
  @Type(() => StoreResourceIdentifierDto)
  stores: StoreId[];
}

export class CustomerSetAddressCustomTypeAction {
  @IsString() addressId: string;
  @IsOptional() @ValidateNested() @Type(() => TypeResourceIdentifierDto) type?: TypeId;
  @IsOptional() @IsJsonObject() fields?: Record<string, unknown>;
}

export class CustomerSetAddressCustomFieldAction {
  @IsString() addressId: string;
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

/** `POST /customers/password` and `/me/password`; `id` only on the former. */
export class CustomerChangePasswordDto {
  @IsOptional() @IsString() id?: string;
  @IsInt() @Min(0) version: number;
  @IsString() @Length(1, 256) currentPassword: string;
  @IsString()
  @Length(CUSTOMER_LIMITS.passwordLength.min, CUSTOMER_LIMITS.passwordLength.max)
  newPassword: string;
}

export class CustomerSigninDto {
  @IsString() @Length(1, 256) email: string;
  @IsString() @Length(1, 256) password: string;
  @IsOptional() @IsString() anonymousId?: string;
  @IsOptional() @IsString() anonymousCartId?: string;
  /** The anonymous cart (`CartResourceIdentifier`; `anonymousCartId` is its deprecated form). */
  @IsOptional() @IsObject() anonymousCart?: { typeId?: string; id?: string; key?: string };
  @IsOptional()
  @IsIn(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart'])
  anonymousCartSignInMode?: string;
  /** `/me/login` (`MyCustomerSignin`): the mode for the session's anonymous cart. */
  @IsOptional()
  @IsIn(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart'])
  activeCartSignInMode?: string;
  @IsOptional() @IsBoolean() updateProductData?: boolean;
}

export class CustomerCreatePasswordResetTokenDto {
  @IsString() @Length(1, 256) email: string;
  @IsOptional() @IsInt() @Min(CUSTOMER_TOKEN_TTL.min) @Max(CUSTOMER_TOKEN_TTL.max) ttlMinutes?: number;
  @IsOptional() @IsBoolean() invalidateOlderTokens?: boolean;
}

export class CustomerCreateEmailTokenDto {
  @IsString() id: string;
  @IsOptional() @IsInt() @Min(0) version?: number;
  @IsInt() @Min(CUSTOMER_TOKEN_TTL.min) @Max(CUSTOMER_TOKEN_TTL.max) ttlMinutes: number;
  @IsOptional() @IsBoolean() invalidateOlderTokens?: boolean;
}

export class CustomerResetPasswordDto {
  @IsString() @Length(1, 256) tokenValue: string;
  @IsString()
  @Length(CUSTOMER_LIMITS.passwordLength.min, CUSTOMER_LIMITS.passwordLength.max)
  newPassword: string;
  @IsOptional() @IsInt() @Min(0) version?: number;
}

export class CustomerEmailVerifyDto {
  @IsString() @Length(1, 256) tokenValue: string;
  @IsOptional() @IsInt() @Min(0) version?: number;
}

/** The customer's update actions by name (its descriptor adds the custom-fields pair). */
export const CUSTOMER_ACTIONS = {
  setFirstName: textFieldAction('firstName'),
  setLastName: textFieldAction('lastName'),
  setMiddleName: textFieldAction('middleName'),
  setTitle: textFieldAction('title'),
  setSalutation: textFieldAction('salutation'),
  setCompanyName: textFieldAction('companyName'),
  setVatId: textFieldAction('vatId'),
  setExternalId: textFieldAction('externalId'),
  setKey: CustomerSetKeyAction,
  setCustomerNumber: CustomerSetCustomerNumberAction,
  setDateOfBirth: CustomerSetDateOfBirthAction,
  setLocale: CustomerSetLocaleAction,
  setAuthenticationMode: CustomerSetAuthenticationModeAction,
  addAddress: CustomerAddAddressAction,
  changeAddress: CustomerChangeAddressAction,
  removeAddress: CustomerAddressRefAction,
  addShippingAddressId: CustomerAddressRefAction,
  removeShippingAddressId: CustomerAddressRefAction,
  setDefaultShippingAddress: CustomerSetDefaultAddressAction,
  addBillingAddressId: CustomerAddressRefAction,
  removeBillingAddressId: CustomerAddressRefAction,
  setDefaultBillingAddress: CustomerSetDefaultAddressAction,
  setAddressCustomType: CustomerSetAddressCustomTypeAction,
  setAddressCustomField: CustomerSetAddressCustomFieldAction,
  setCustomerGroup: CustomerSetCustomerGroupAction,
  addCustomerGroupAssignment: CustomerAddCustomerGroupAssignmentAction,
  removeCustomerGroupAssignment: CustomerRemoveCustomerGroupAssignmentAction,
  setCustomerGroupAssignments: CustomerSetCustomerGroupAssignmentsAction,
  changeEmail: CustomerChangeEmailAction,
  setStores: CustomerSetStoresAction,
  addStore: CustomerStoreAction,
  removeStore: CustomerStoreAction,
} as const;
