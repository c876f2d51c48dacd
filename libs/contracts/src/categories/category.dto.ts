import { Nested, OptionalNested, OptionalNestedArray } from '../common/nested.js';
import { IsDefined, IsOptional, IsString, Length, Matches } from 'class-validator';
import { ASSET_ACTIONS, AssetDraftDto } from '../common/asset.js';
import { CustomFieldsDraftDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { CategoryIdentifierDto, ORDER_HINT_PATTERN } from '../products/product-catalog.dto.js';
import { IsSlug } from '../products/product.dto.js';

export const CategoryResourceIdentifierDto = CategoryIdentifierDto;

export class CategoryDraftDto {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @IsDefined()
  @IsSlug()
  slug: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @OptionalNested(() => CategoryResourceIdentifierDto)
  parent?: InstanceType<typeof CategoryResourceIdentifierDto>;

  @IsOptional()
  @IsString()
  @Matches(ORDER_HINT_PATTERN, { message: 'orderHint must be a decimal between 0 and 1, e.g. "0.5".' })
  orderHint?: string;

  @IsOptional()
  @IsString()
  externalId?: string;

  @IsOptional()
  @IsLocalizedString()
  metaTitle?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaDescription?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  metaKeywords?: Record<string, string>;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNestedArray(() => AssetDraftDto)
  assets?: AssetDraftDto[];

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class ChangeCategoryNameAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class ChangeCategorySlugAction {
  @IsDefined()
  @IsSlug()
  slug: Record<string, string>;
}

export class ChangeCategoryOrderHintAction {
  @IsString()
  @Matches(ORDER_HINT_PATTERN, { message: 'orderHint must be a decimal between 0 and 1, e.g. "0.5".' })
  orderHint: string;
}

export class ChangeCategoryParentAction {
  @Nested(() => CategoryResourceIdentifierDto)
  parent: InstanceType<typeof CategoryResourceIdentifierDto>;
}

export class SetCategoryLocalizedAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

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

export class SetCategoryExternalIdAction {
  @IsOptional()
  @IsString()
  externalId?: string;
}

export class SetCategoryKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The Category's update actions by name (its descriptor adds the custom-fields pair). */
export const CATEGORY_ACTIONS = {
  changeName: ChangeCategoryNameAction,
  changeSlug: ChangeCategorySlugAction,
  changeOrderHint: ChangeCategoryOrderHintAction,
  changeParent: ChangeCategoryParentAction,
  setDescription: SetCategoryLocalizedAction,
  setMetaTitle: SetCategoryLocalizedAction,
  setMetaDescription: SetCategoryLocalizedAction,
  setMetaKeywords: SetCategoryLocalizedAction,
  setExternalId: SetCategoryExternalIdAction,
  setKey: SetCategoryKeyAction,
  ...ASSET_ACTIONS,
} as const;
