import { IsOptional, IsString, Length, Matches, MinLength } from 'class-validator';
import { Nested, NestedArray } from '../common/nested.js';
import type { LocalizedString } from '../common/types.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';

const KEY_MESSAGE = 'key must match ^[A-Za-z0-9_-]+$.';

/** SDK AttributeReference: an Attribute by its name. */
export class AttributeReferenceDto {
  @IsString()
  @MinLength(1)
  key: string;
}

/** SDK AttributeGroupDraft. */
export class AttributeGroupDraftDto {
  @IsLocalizedString() name: LocalizedString;
  @IsOptional() @IsLocalizedString() description?: LocalizedString;
  @NestedArray(() => AttributeReferenceDto) attributes: AttributeReferenceDto[];

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: KEY_MESSAGE })
  key?: string;
}

export class AttributeGroupAddAttributeAction {
  @Nested(() => AttributeReferenceDto) attribute: AttributeReferenceDto;
}

export class AttributeGroupChangeNameAction {
  @IsLocalizedString() name: LocalizedString;
}

export class AttributeGroupRemoveAttributeAction {
  @Nested(() => AttributeReferenceDto) attribute: AttributeReferenceDto;
}

export class AttributeGroupSetAttributesAction {
  @NestedArray(() => AttributeReferenceDto) attributes: AttributeReferenceDto[];
}

export class AttributeGroupSetDescriptionAction {
  @IsOptional() @IsLocalizedString() description?: LocalizedString;
}

export class AttributeGroupSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: KEY_MESSAGE })
  key?: string;
}

/** The Attribute Group's update actions by name (SDK `AttributeGroupUpdateAction`). */
export const ATTRIBUTE_GROUP_ACTIONS = {
  addAttribute: AttributeGroupAddAttributeAction,
  changeName: AttributeGroupChangeNameAction,
  removeAttribute: AttributeGroupRemoveAttributeAction,
  setAttributes: AttributeGroupSetAttributesAction,
  setDescription: AttributeGroupSetDescriptionAction,
  setKey: AttributeGroupSetKeyAction,
} as const;
