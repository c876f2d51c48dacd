import { Type } from '../dto-transform.js';
import {
  ArrayNotEmpty,
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
  ValidateNested,
} from 'class-validator';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import {
  AttributeDefinitionDraftDto,
  ChangeProductTypeDescriptionAction,
  ChangeProductTypeNameAction,
  SetProductTypeKeyAction,
} from './product-type.dto.js';
import { TEXT_INPUT_HINTS, type AttributeDefinition } from './product-type.types.js';

/** PSDK `AttributePlainEnumValue`. */
export class AttributePlainEnumValueDto {
  @IsString()
  @IsNotEmpty()
  key: string;

  @IsString()
  label: string;
}

/** PSDK `AttributeLocalizedEnumValue`. */
export class AttributeLocalizedEnumValueDto {
  @IsString()
  @IsNotEmpty()
  key: string;

  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;
}

/** An action on one attribute definition, named by `attributeName`. */
export class AttributeNameAction {
  @IsString()
  @IsNotEmpty()
  attributeName: string;
}

export class AddAttributeDefinitionAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AttributeDefinitionDraftDto)
  attribute: AttributeDefinitionDraftDto;
}

export class RemoveAttributeDefinitionAction {
  @IsString()
  @IsNotEmpty()
  name: string;
}

export class ChangeAttributeNameAction extends AttributeNameAction {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'newAttributeName must match ^[A-Za-z0-9_-]+$.' })
  newAttributeName: string;
}

export class ChangeAttributeOrderByNameAction {
  @IsArray()
  @IsString({ each: true })
  attributeNames: string[];
}

/** The live API supports only `SameForAll` or `Unique` to `None` (PSDK `AttributeConstraintEnumDraft`). */
export class ChangeAttributeConstraintAction extends AttributeNameAction {
  @IsIn(['None'])
  newValue: 'None';
}

export class ChangeAttributeLabelAction extends AttributeNameAction {
  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;
}

export class SetAttributeInputTipAction extends AttributeNameAction {
  @IsOptional()
  @IsLocalizedString()
  inputTip?: Record<string, string>;
}

export class ChangeAttributeInputHintAction extends AttributeNameAction {
  @IsIn(TEXT_INPUT_HINTS)
  newValue: AttributeDefinition['inputHint'];
}

export class ChangeAttributeIsSearchableAction extends AttributeNameAction {
  @IsBoolean()
  isSearchable: boolean;
}

export class AddPlainEnumValueAction extends AttributeNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AttributePlainEnumValueDto)
  value: AttributePlainEnumValueDto;
}

export class AddLocalizedEnumValueAction extends AttributeNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AttributeLocalizedEnumValueDto)
  value: AttributeLocalizedEnumValueDto;
}

export class ChangePlainEnumValueLabelAction extends AttributeNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AttributePlainEnumValueDto)
  newValue: AttributePlainEnumValueDto;
}

export class ChangeLocalizedEnumValueLabelAction extends AttributeNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AttributeLocalizedEnumValueDto)
  newValue: AttributeLocalizedEnumValueDto;
}

export class ChangePlainEnumValueOrderAction extends AttributeNameAction {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AttributePlainEnumValueDto)
  values: AttributePlainEnumValueDto[];
}

export class ChangeLocalizedEnumValueOrderAction extends AttributeNameAction {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AttributeLocalizedEnumValueDto)
  values: AttributeLocalizedEnumValueDto[];
}

export class ChangeEnumKeyAction extends AttributeNameAction {
  @IsString()
  @IsNotEmpty()
  key: string;

  @IsString()
  @IsNotEmpty()
  newKey: string;
}

export class RemoveEnumValuesAction extends AttributeNameAction {
  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  keys: string[];
}

/** The product type's update actions by name (PSDK `ProductTypeUpdateAction`). */
export const PRODUCT_TYPE_ACTIONS = {
  changeName: ChangeProductTypeNameAction,
  changeDescription: ChangeProductTypeDescriptionAction,
  setKey: SetProductTypeKeyAction,
  addAttributeDefinition: AddAttributeDefinitionAction,
  removeAttributeDefinition: RemoveAttributeDefinitionAction,
  changeAttributeName: ChangeAttributeNameAction,
  changeAttributeOrderByName: ChangeAttributeOrderByNameAction,
  changeAttributeConstraint: ChangeAttributeConstraintAction,
  changeLabel: ChangeAttributeLabelAction,
  setInputTip: SetAttributeInputTipAction,
  changeInputHint: ChangeAttributeInputHintAction,
  changeIsSearchable: ChangeAttributeIsSearchableAction,
  addPlainEnumValue: AddPlainEnumValueAction,
  addLocalizedEnumValue: AddLocalizedEnumValueAction,
  changePlainEnumValueLabel: ChangePlainEnumValueLabelAction,
  changeLocalizedEnumValueLabel: ChangeLocalizedEnumValueLabelAction,
  changePlainEnumValueOrder: ChangePlainEnumValueOrderAction,
  changeLocalizedEnumValueOrder: ChangeLocalizedEnumValueOrderAction,
  changeEnumKey: ChangeEnumKeyAction,
  removeEnumValues: RemoveEnumValuesAction,
} as const;
