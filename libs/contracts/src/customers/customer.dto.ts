import { Nested, OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CustomFieldsDraftDto, resourceIdentifierDto } from '../common/dto.js';
import { CustomerGroupResourceIdentifierDto } from '../customer-groups/customer-group.dto.js';
import { KEY_PATTERN } from '../common/validators.js';

const AnonymousCartIdentifierDto = resourceIdentifierDto('cart');

export const StoreResourceIdentifierDto = resourceIdentifierDto('store');

/** Limits of a customer draft: enough for real use, small enough that a draft stays a small document. */
export const CUSTOMER_LIMITS = {
  addresses: 100,
  stores: 100,
  groupAssignments: 100,
  passwordLength: { min: 1, max: 256 },
} as const;

export class CustomerGroupAssignmentDraftDto {
  @Nested(() => CustomerGroupResourceIdentifierDto)
  customerGroup: InstanceType<typeof CustomerGroupResourceIdentifierDto>;
}

export class AddressDraftDto {
  /** Accepted and replaced: the API gives every new address its own id. */
  @IsOptional() @IsString() id?: string;
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code.' })
  country: string;
  @IsOptional() @IsString() @Length(0, 256) title?: string;
  @IsOptional() @IsString() @Length(0, 256) salutation?: string;
  @IsOptional() @IsString() @Length(0, 256) firstName?: string;
  @IsOptional() @IsString() @Length(0, 256) lastName?: string;
  @IsOptional() @IsString() @Length(0, 256) streetName?: string;
  @IsOptional() @IsString() @Length(0, 256) streetNumber?: string;
  @IsOptional() @IsString() @Length(0, 256) additionalStreetInfo?: string;
  @IsOptional() @IsString() @Length(0, 256) postalCode?: string;
  @IsOptional() @IsString() @Length(0, 256) city?: string;
  @IsOptional() @IsString() @Length(0, 256) region?: string;
  @IsOptional() @IsString() @Length(0, 256) state?: string;
  @IsOptional() @IsString() @Length(0, 256) company?: string;
  @IsOptional() @IsString() @Length(0, 256) department?: string;
  @IsOptional() @IsString() @Length(0, 256) building?: string;
  @IsOptional() @IsString() @Length(0, 256) apartment?: string;
  @IsOptional() @IsString() @Length(0, 256) pOBox?: string;
  @IsOptional() @IsString() @Length(0, 256) phone?: string;
  @IsOptional() @IsString() @Length(0, 256) mobile?: string;
  @IsOptional() @IsString() @Length(0, 256) email?: string;
  @IsOptional() @IsString() @Length(0, 256) fax?: string;
  @IsOptional() @IsString() @Length(0, 1_024) additionalAddressInfo?: string;
  @IsOptional() @IsString() @Length(0, 256) externalId?: string;
  @IsOptional() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class CustomerDraftDto {
  /** The live API does not check the form of an e-mail (the SDK's own tests sign up `test-email-customer<uuid>`). */
  @IsString()
  @Length(1, 256)
  email: string;

  /** Required in the default `Password` mode; not allowed with `ExternalAuth`. */
  @ValidateIf(
    (draft: CustomerDraftDto) => draft.authenticationMode !== 'ExternalAuth' || draft.password !== undefined,
  )
  @IsString()
  @Length(CUSTOMER_LIMITS.passwordLength.min, CUSTOMER_LIMITS.passwordLength.max)
  password?: string;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional() @IsString() @Length(1, 256) customerNumber?: string;
  @IsOptional() @IsString() @Length(1, 256) externalId?: string;
  @IsOptional() @IsString() @Length(0, 256) firstName?: string;
  @IsOptional() @IsString() @Length(0, 256) lastName?: string;
  @IsOptional() @IsString() @Length(0, 256) middleName?: string;
  @IsOptional() @IsString() @Length(0, 256) title?: string;
  @IsOptional() @IsString() @Length(0, 256) salutation?: string;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateOfBirth must be a date YYYY-MM-DD.' })
  dateOfBirth?: string;

  @IsOptional() @IsString() @Length(0, 256) companyName?: string;
  @IsOptional() @IsString() @Length(0, 256) vatId?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CUSTOMER_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => AddressDraftDto)
  addresses?: AddressDraftDto[];

  @IsOptional() @IsInt() @Min(0) defaultShippingAddress?: number;
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) shippingAddresses?: number[];
  @IsOptional() @IsInt() @Min(0) defaultBillingAddress?: number;
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) billingAddresses?: number[];

  @IsOptional() @IsBoolean() isEmailVerified?: boolean;

  @IsOptional()
  @Matches(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: 'locale must be an IETF language tag.' })
  locale?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CUSTOMER_LIMITS.stores)
  @ValidateNested({ each: true })
  @Type(() => StoreResourceIdentifierDto)
  stores?: InstanceType<typeof StoreResourceIdentifierDto>[];

  @IsOptional()
  @IsIn(['Password', 'ExternalAuth'])
  authenticationMode?: 'Password' | 'ExternalAuth';

  @OptionalNested(() => CustomerGroupResourceIdentifierDto)
  customerGroup?: InstanceType<typeof CustomerGroupResourceIdentifierDto>;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CUSTOMER_LIMITS.groupAssignments)
  @ValidateNested({ each: true })
  @Type(() => CustomerGroupAssignmentDraftDto)
  customerGroupAssignments?: CustomerGroupAssignmentDraftDto[];

  @IsOptional() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;

  /** The anonymous cart the new customer gets (checkout facts 4.8: sign-up assigns, never merges). */
  @OptionalNested(() => AnonymousCartIdentifierDto)
  anonymousCart?: InstanceType<typeof AnonymousCartIdentifierDto>;
  /** Deprecated form of `anonymousCart`. */
  @IsOptional() @IsString() @Length(1, 256) anonymousCartId?: string;
  /** The anonymous session whose carts, orders, payments and shopping lists the customer gets. */
  @IsOptional() @IsString() @Length(1, 256) anonymousId?: string;
}
