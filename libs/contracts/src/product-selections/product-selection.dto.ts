import { Nested, OptionalNested } from '../common/nested.js';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
} from 'class-validator';
import { CustomFieldsDraftDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { ProductResourceIdentifierDto } from '../products/product.dto.js';
import {
  PRODUCT_SELECTION_MODES,
  VARIANT_SELECTION_TYPES,
  type ProductSelectionMode,
  type ProductVariantSelection,
} from './product-selection.types.js';

type ProductId = InstanceType<typeof ProductResourceIdentifierDto>;

export class ProductVariantSelectionDto {
  @IsIn(VARIANT_SELECTION_TYPES)
  type: ProductVariantSelection['type'];

  @IsArray()
  @ArrayMinSize(1)
  @IsString({ each: true })
  skus: string[];
}

export class ProductVariantExclusionDto {
  @IsArray()
  @ArrayMinSize(1)
  @IsString({ each: true })
  skus: string[];
}

export class ProductSelectionDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsIn(PRODUCT_SELECTION_MODES)
  mode?: ProductSelectionMode;
}

class ProductAction {
  @Nested(() => ProductResourceIdentifierDto)
  product: ProductId;
}

/** addProduct and setVariantSelection. */
export class ProductVariantSelectionAction extends ProductAction {
  @OptionalNested(() => ProductVariantSelectionDto)
  variantSelection?: ProductVariantSelectionDto;
}

/** excludeProduct and setVariantExclusion. */
export class ProductVariantExclusionAction extends ProductAction {
  @OptionalNested(() => ProductVariantExclusionDto)
  variantExclusion?: ProductVariantExclusionDto;
}

export class RemoveSelectionProductAction extends ProductAction {}

export class ChangeProductSelectionNameAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class SetProductSelectionKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The product selection's update actions by name (its descriptor adds the custom-fields pair). */
export const PRODUCT_SELECTION_ACTIONS = {
  addProduct: ProductVariantSelectionAction,
  excludeProduct: ProductVariantExclusionAction,
  removeProduct: RemoveSelectionProductAction,
  setVariantSelection: ProductVariantSelectionAction,
  setVariantExclusion: ProductVariantExclusionAction,
  changeName: ChangeProductSelectionNameAction,
  setKey: SetProductSelectionKeyAction,
} as const;
