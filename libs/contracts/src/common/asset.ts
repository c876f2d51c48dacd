import { Nested, NestedArray, OptionalNested } from './nested.js';
import {
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  MinLength,
} from 'class-validator';
import { CustomFieldsDraftDto, TypeResourceIdentifierDto } from './dto.js';
import type { Infer } from '../shapes/shape.js';
import type { AssetShape } from './asset.shape.js';
import { IsLocalizedString, KEY_PATTERN } from './validators.js';

export type Asset = Infer<typeof AssetShape>;
export type AssetSource = Asset['sources'][number];
export type AssetDimensions = NonNullable<AssetSource['dimensions']>;

export class AssetDimensionsDto {
  @IsInt()
  @Min(0)
  w: number;

  @IsInt()
  @Min(0)
  h: number;
}

export class AssetSourceDto {
  @IsString()
  @MinLength(1)
  uri: string;

  @IsOptional()
  @IsString()
  key?: string;

  @OptionalNested(() => AssetDimensionsDto)
  dimensions?: AssetDimensionsDto;

  @IsOptional()
  @IsString()
  contentType?: string;
}

export class AssetDraftDto {
  @IsDefined()
  @NestedArray(() => AssetSourceDto)
  sources: AssetSourceDto[];

  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** Names an Asset by `assetId` or `assetKey`. */
export class AssetTargetAction {
  @IsOptional()
  @IsString()
  assetId?: string;

  @IsOptional()
  @IsString()
  assetKey?: string;
}

export class AddAssetAction {
  @Nested(() => AssetDraftDto)
  asset: AssetDraftDto;

  @IsOptional()
  @IsInt()
  @Min(0)
  position?: number;
}

export class ChangeAssetNameAction extends AssetTargetAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class ChangeAssetOrderAction {
  @IsDefined()
  @IsArray()
  @IsString({ each: true })
  assetOrder: string[];
}

export class RemoveAssetAction extends AssetTargetAction {}

export class SetAssetDescriptionAction extends AssetTargetAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;
}

export class SetAssetKeyAction {
  @IsString()
  assetId: string;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'assetKey must match ^[A-Za-z0-9_-]+$.' })
  assetKey?: string;
}

export class SetAssetSourcesAction extends AssetTargetAction {
  @IsDefined()
  @NestedArray(() => AssetSourceDto)
  sources: AssetSourceDto[];
}

export class SetAssetTagsAction extends AssetTargetAction {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];
}

export class SetAssetCustomTypeAction extends AssetTargetAction {
  @OptionalNested(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  fields?: Record<string, unknown>;
}

export class SetAssetCustomFieldAction extends AssetTargetAction {
  @IsDefined()
  @IsString()
  name: string;

  @IsOptional()
  value?: unknown;
}

/** The asset actions, the same on categories and (aimed at a variant) on products. */
export const ASSET_ACTIONS = {
  addAsset: AddAssetAction,
  removeAsset: RemoveAssetAction,
  changeAssetName: ChangeAssetNameAction,
  changeAssetOrder: ChangeAssetOrderAction,
  setAssetDescription: SetAssetDescriptionAction,
  setAssetKey: SetAssetKeyAction,
  setAssetSources: SetAssetSourcesAction,
  setAssetTags: SetAssetTagsAction,
  setAssetCustomType: SetAssetCustomTypeAction,
  setAssetCustomField: SetAssetCustomFieldAction,
} as const;
