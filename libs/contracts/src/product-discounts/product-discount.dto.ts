import { Nested, OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import {
  IsLocalizedString,
  KEY_PATTERN,
  SORT_ORDER_MESSAGE,
  SORT_ORDER_PATTERN,
} from '../common/validators.js';
import { COUNTRY_PATTERN, MoneyDto } from '../products/price.dto.js';

/** relative `{permyriad}`, absolute `{money[]}` (one per currency) or external. */
export class ProductDiscountValueDraftDto {
  @IsIn(['relative', 'absolute', 'external'])
  type: 'relative' | 'absolute' | 'external';

  @ValidateIf((value: ProductDiscountValueDraftDto) => value.type === 'relative')
  @IsInt()
  @Min(0)
  @Max(10000)
  permyriad?: number;

  @ValidateIf((value: ProductDiscountValueDraftDto) => value.type === 'absolute')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => MoneyDto)
  money?: MoneyDto[];
}

export class ProductDiscountDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @Nested(() => ProductDiscountValueDraftDto)
  value: ProductDiscountValueDraftDto;

  @IsString()
  predicate: string;

  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder: string;

  @IsBoolean()
  isActive: boolean;

  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;
}

export class ChangeProductDiscountIsActiveAction {
  @IsBoolean()
  isActive: boolean;
}

export class ChangeProductDiscountNameAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class ChangeProductDiscountPredicateAction {
  @IsString()
  predicate: string;
}

export class ChangeProductDiscountSortOrderAction {
  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder: string;
}

export class ChangeProductDiscountValueAction {
  @Nested(() => ProductDiscountValueDraftDto)
  value: ProductDiscountValueDraftDto;
}

export class SetProductDiscountDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;
}

export class SetProductDiscountKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class SetProductDiscountValidFromAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;
}

export class SetProductDiscountValidUntilAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;
}

export class SetProductDiscountValidFromAndUntilAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;
}

/** Every ProductDiscountUpdateAction of the SDK. */
export const PRODUCT_DISCOUNT_ACTIONS = {
  changeIsActive: ChangeProductDiscountIsActiveAction,
  changeName: ChangeProductDiscountNameAction,
  changePredicate: ChangeProductDiscountPredicateAction,
  changeSortOrder: ChangeProductDiscountSortOrderAction,
  changeValue: ChangeProductDiscountValueAction,
  setDescription: SetProductDiscountDescriptionAction,
  setKey: SetProductDiscountKeyAction,
  setValidFrom: SetProductDiscountValidFromAction,
  setValidFromAndUntil: SetProductDiscountValidFromAndUntilAction,
  setValidUntil: SetProductDiscountValidUntilAction,
} as const;

const CustomerGroupReferenceDto = resourceIdentifierDto('customer-group');
const ChannelReferenceDto = resourceIdentifierDto('channel');

/** The price of a match query: its value and scope (SDK QueryPrice; `id` and the rest are ignored). */
export class QueryPriceDto {
  @Nested(() => MoneyDto)
  value: MoneyDto;

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must be two capital letters (ISO 3166-1 alpha-2).' })
  country?: string;

  @OptionalNested(() => CustomerGroupReferenceDto)
  customerGroup?: InstanceType<typeof CustomerGroupReferenceDto>;

  @OptionalNested(() => ChannelReferenceDto)
  channel?: InstanceType<typeof ChannelReferenceDto>;
}

/** `POST /product-discounts/matching`. */
export class ProductDiscountMatchQueryDto {
  @IsString()
  productId: string;

  @IsInt()
  @Min(1)
  variantId: number;

  @IsBoolean()
  staged: boolean;

  @Nested(() => QueryPriceDto)
  price: QueryPriceDto;
}
