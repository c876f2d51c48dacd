import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { Type } from '../dto-transform.js';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsSlug, ProductVariantDraftDto } from './product.dto.js';
import { PRODUCT_PRICE_MODES } from './product.shape.js';
import type { ProductPriceMode } from './product.types.js';

/** Actions on product data: `staged` (default true) changes only the staged data, false changes both. */
class StagedAction {
  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

/** Names a variant by `variantId` or by `sku`. */
class VariantAction extends StagedAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  variantId?: number;

  @IsOptional()
  @IsString()
  sku?: string;
}

export class PublishProductAction {
  @IsOptional()
  @IsIn(['All', 'Prices'])
  scope?: 'All' | 'Prices';
}

export class UnpublishProductAction {}

export class ChangeProductNameAction extends StagedAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class SetProductKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class ChangeProductSlugAction extends StagedAction {
  @IsDefined()
  @IsSlug()
  slug: Record<string, string>;
}

export class SetProductDescriptionAction extends StagedAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;
}

export class AddProductVariantAction extends ProductVariantDraftDto {
  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

export class RemoveProductVariantAction extends StagedAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @IsOptional()
  @IsString()
  sku?: string;
}

export class SetProductSkuAction extends StagedAction {
  @IsInt()
  @Min(1)
  variantId: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  sku?: string;
}

export class SetProductVariantKeyAction extends VariantAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class ChangeProductMasterVariantAction extends VariantAction {}

export class SetProductPriceModeAction {
  @IsOptional()
  @IsIn(PRODUCT_PRICE_MODES)
  priceMode?: ProductPriceMode;
}

/** PSDK `VariantResourceIdentifier`: a Variant of the Modular catalog model. */
export const VariantResourceIdentifierDto = resourceIdentifierDto('variant');

export class SetProductDefaultVariantAction extends StagedAction {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => VariantResourceIdentifierDto)
  variant?: InstanceType<typeof VariantResourceIdentifierDto>;
}

/** setProductAttribute: a Product-level attribute; an absent or null value removes it. */
export class SetProductLevelAttributeAction extends StagedAction {
  @IsString()
  @IsNotEmpty()
  name: string;

  @IsOptional()
  value?: unknown;
}
