import { Type, type ClassConstructor } from '../dto-transform.js';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Min,
  MinLength,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { AssetDimensionsDto } from '../common/asset.js';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString } from '../common/validators.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';

export const CategoryIdentifierDto = resourceIdentifierDto('category');
export const TaxCategoryIdentifierDto = resourceIdentifierDto('tax-category');
export const StateIdentifierDto = StateResourceIdentifierDto;

/** PSDK `orderHint`: a decimal between 0 and 1, as a string (`0.5`, `.01`). */
export const ORDER_HINT_PATTERN = /^(0?\.\d+|0)$/;
const ORDER_HINT_MESSAGE = 'orderHint must be a decimal between 0 and 1, e.g. "0.5".';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectValidator(name: string, message: string, validate: (value: unknown) => boolean) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target, propertyName) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyName as string,
        options: { message, ...options },
        validator: { validate },
      });
}

/** `{categoryId: orderHint}` with every hint a decimal between 0 and 1. */
export const IsCategoryOrderHints = objectValidator(
  'isCategoryOrderHints',
  'categoryOrderHints must map category ids to decimals between 0 and 1.',
  (value) =>
    isPlainObject(value) &&
    Object.values(value).every((hint) => typeof hint === 'string' && ORDER_HINT_PATTERN.test(hint)),
);

/** `{locale: [{text, suggestTokenizer?}]}`. */
export const IsSearchKeywords = objectValidator(
  'isSearchKeywords',
  'searchKeywords must map locales to arrays of {text, suggestTokenizer?}.',
  (value) =>
    isPlainObject(value) &&
    Object.values(value).every(
      (keywords) =>
        Array.isArray(keywords) &&
        keywords.every(
          (keyword: unknown) =>
            isPlainObject(keyword) &&
            typeof keyword.text === 'string' &&
            (keyword.suggestTokenizer === undefined || isPlainObject(keyword.suggestTokenizer)),
        ),
    ),
);

export class ImageDto {
  @IsString()
  @MinLength(1)
  url: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AssetDimensionsDto)
  dimensions: AssetDimensionsDto;

  @IsOptional()
  @IsString()
  label?: string;
}

/** `staged` (default true) changes only the staged data; false changes current and staged. */
export class StagedProductAction {
  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

/** Names a variant by `variantId` or `sku`. */
export class ProductVariantTargetAction extends StagedProductAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  variantId?: number;

  @IsOptional()
  @IsString()
  sku?: string;
}

export class AddProductToCategoryAction extends StagedProductAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CategoryIdentifierDto)
  category: InstanceType<typeof CategoryIdentifierDto>;

  @IsOptional()
  @IsString()
  @Matches(ORDER_HINT_PATTERN, { message: ORDER_HINT_MESSAGE })
  orderHint?: string;
}

export class RemoveProductFromCategoryAction extends StagedProductAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CategoryIdentifierDto)
  category: InstanceType<typeof CategoryIdentifierDto>;
}

export class SetProductCategoryOrderHintAction extends StagedProductAction {
  @IsString()
  categoryId: string;

  @IsOptional()
  @IsString()
  @Matches(ORDER_HINT_PATTERN, { message: ORDER_HINT_MESSAGE })
  orderHint?: string;
}

export class SetProductAttributeAction extends ProductVariantTargetAction {
  @IsString()
  @MinLength(1)
  name: string;

  @IsOptional()
  value?: unknown;
}

export class SetProductAttributeInAllVariantsAction extends StagedProductAction {
  @IsString()
  @MinLength(1)
  name: string;

  @IsOptional()
  value?: unknown;
}

export class AddProductExternalImageAction extends ProductVariantTargetAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ImageDto)
  image: ImageDto;
}

export class ProductImageTargetAction extends ProductVariantTargetAction {
  @IsString()
  @MinLength(1)
  imageUrl: string;
}

export class MoveProductImageToPositionAction extends ProductImageTargetAction {
  @IsInt()
  @Min(0)
  position: number;
}

export class SetProductImageLabelAction extends ProductImageTargetAction {
  @IsOptional()
  @IsString()
  label?: string;
}

export class SetProductLocalizedAction extends StagedProductAction {
  @IsOptional()
  @IsLocalizedString()
  metaTitle?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaDescription?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaKeywords?: Record<string, string>;
}

export class SetProductSearchKeywordsAction extends StagedProductAction {
  @IsDefined()
  @IsSearchKeywords()
  searchKeywords: Record<string, Array<{ text: string }>>;
}

export class SetProductTaxCategoryAction {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TaxCategoryIdentifierDto)
  taxCategory?: InstanceType<typeof TaxCategoryIdentifierDto>;
}

export class TransitionProductStateAction {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StateIdentifierDto)
  state?: InstanceType<typeof StateIdentifierDto>;

  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

export class RevertProductStagedChangesAction {}

export class RevertProductStagedVariantChangesAction {
  @IsInt()
  @Min(1)
  variantId: number;
}

/** What names a variant in a variant's action: `variantId` or `sku`, and `staged`. */
export interface ProductVariantTarget {
  variantId?: number;
  sku?: string;
  staged?: boolean;
}

/** One variant class per action DTO: the service's table and the documented union share it. */
const variantActions = new WeakMap<ClassConstructor<object>, ClassConstructor<object>>();

/** An action's DTO extended with `variantId`, `sku` and `staged` (the asset actions on a variant). */
export function onProductVariant<A extends object>(
  dto: ClassConstructor<A>,
): ClassConstructor<A & ProductVariantTarget> {
  const made = variantActions.get(dto);
  if (made) return made as ClassConstructor<A & ProductVariantTarget>;
  class VariantAction extends (dto as ClassConstructor<object>) {}
  const target = VariantAction.prototype;
  for (const decorate of [IsOptional(), IsInt(), Min(1)]) decorate(target, 'variantId');
  for (const decorate of [IsOptional(), IsString()]) decorate(target, 'sku');
  for (const decorate of [IsOptional(), IsBoolean()]) decorate(target, 'staged');
  Object.defineProperty(VariantAction, 'name', { value: `Variant${dto.name}` });
  variantActions.set(dto, VariantAction);
  return VariantAction as ClassConstructor<A & ProductVariantTarget>;
}

/**
 * `catalog.products.add-uploaded-image`: an image the gateway has stored, added to a variant (the master variant
 * when neither `variantId` nor `sku` is given) at the product's current version.
 */
export class ProductImageUploadDto extends AddProductExternalImageAction {}

export interface ProductImageUploadRequest {
  ref: { id: string } | { key: string };
  upload: ProductImageUploadDto;
}
