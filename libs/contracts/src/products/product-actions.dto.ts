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
} from 'class-validator';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { IsSlug, ProductVariantDraftDto } from './product.dto.js';

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
