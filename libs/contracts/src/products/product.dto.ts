import { Type } from '../dto-transform.js';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { ProductTypeResourceIdentifierDto } from '../product-types/product-type.dto.js';
import { AssetDraftDto } from '../common/asset.js';
import { PriceDraftDto } from './price.dto.js';
import {
  CategoryIdentifierDto,
  ImageDto,
  IsCategoryOrderHints,
  IsSearchKeywords,
  StateIdentifierDto,
  TaxCategoryIdentifierDto,
} from './product-catalog.dto.js';
import type { SearchKeywords } from './product-catalog.types.js';
import { PRODUCT_PRICE_MODES } from './product.shape.js';
import { SLUG_PATTERN, type ProductPriceMode } from './product.types.js';

export const ProductResourceIdentifierDto = resourceIdentifierDto('product');

/** A LocalizedString whose every value is a valid slug. */
export function IsSlug(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSlug',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'each locale must hold 2 to 256 of [A-Za-z0-9_-].', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).every((slug) => typeof slug === 'string' && SLUG_PATTERN.test(slug)),
      },
    });
}

export class AttributeDto {
  @IsString()
  @IsNotEmpty()
  name: string;

  @IsDefined()
  value: unknown;
}

/** What a variant is made of, in a ProductDraft and in addVariant. Prices arrive later through the import. */
export class ProductVariantDraftDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  sku?: string;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AttributeDto)
  attributes?: AttributeDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PriceDraftDto)
  prices?: PriceDraftDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ImageDto)
  images?: ImageDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AssetDraftDto)
  assets?: AssetDraftDto[];
}

export class ProductDraftDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductTypeResourceIdentifierDto)
  productType: InstanceType<typeof ProductTypeResourceIdentifierDto>;

  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @IsDefined()
  @IsSlug()
  slug: Record<string, string>;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductVariantDraftDto)
  masterVariant?: ProductVariantDraftDto;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProductVariantDraftDto)
  variants?: ProductVariantDraftDto[];

  @IsOptional()
  @IsBoolean()
  publish?: boolean;

  @IsOptional()
  @IsIn(PRODUCT_PRICE_MODES)
  priceMode?: ProductPriceMode;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CategoryIdentifierDto)
  categories?: InstanceType<typeof CategoryIdentifierDto>[];

  @IsOptional()
  @IsCategoryOrderHints()
  categoryOrderHints?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaTitle?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaDescription?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaKeywords?: Record<string, string>;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TaxCategoryIdentifierDto)
  taxCategory?: InstanceType<typeof TaxCategoryIdentifierDto>;

  @IsOptional()
  @IsSearchKeywords()
  searchKeywords?: SearchKeywords;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StateIdentifierDto)
  state?: InstanceType<typeof StateIdentifierDto>;
}
