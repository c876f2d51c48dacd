import 'reflect-metadata';
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
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { FIELD_NAME_PATTERN, RESOURCE_TYPE_IDS, fieldTypeOf } from './field-type.js';
import type { FieldType } from './type.types.js';

export const INPUT_HINTS = ['SingleLine', 'MultiLine'] as const;
export type InputHint = (typeof INPUT_HINTS)[number];

/** A FieldType (reference facts 4.4): one of the simple names, Enum, LocalizedEnum, Reference or Set. */
export function IsFieldType(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isFieldType',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'a valid FieldType is expected.', ...options },
      validator: { validate: (value: unknown) => fieldTypeOf(value) !== undefined },
    });
}

export class FieldDefinitionDto {
  @IsDefined()
  @IsFieldType()
  type: FieldType;

  @IsString()
  // Facts 4.4 say 2..36, but clients create longer names against the live API: up to 256 are accepted.
  @Length(2, 256)
  @Matches(FIELD_NAME_PATTERN, { message: 'name must match ^[A-Za-z0-9_-]+$.' })
  name: string;

  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;

  @IsBoolean()
  required: boolean;

  @IsOptional()
  @IsIn(INPUT_HINTS)
  inputHint?: InputHint;
}

export class TypeDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @IsArray()
  @IsIn(RESOURCE_TYPE_IDS, { each: true })
  resourceTypeIds: string[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => FieldDefinitionDto)
  fieldDefinitions?: FieldDefinitionDto[];
}

export class EnumValueDto {
  @IsString()
  @IsNotEmpty()
  key: string;

  @IsString()
  label: string;
}

export class LocalizedEnumValueDto {
  @IsString()
  @IsNotEmpty()
  key: string;

  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;
}

class FieldNameAction {
  @IsString()
  @IsNotEmpty()
  fieldName: string;
}

export class AddFieldDefinitionAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => FieldDefinitionDto)
  fieldDefinition: FieldDefinitionDto;
}

export class RemoveFieldDefinitionAction extends FieldNameAction {}

export class ChangeFieldLabelAction extends FieldNameAction {
  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;
}

export class ChangeTypeNameAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class ChangeTypeKeyAction {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;
}

export class SetTypeDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;
}

export class EnumValueAction extends FieldNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => EnumValueDto)
  value: EnumValueDto;
}

export class LocalizedEnumValueAction extends FieldNameAction {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => LocalizedEnumValueDto)
  value: LocalizedEnumValueDto;
}

/** changeEnumValueOrder, changeLocalizedEnumValueOrder, removeEnumValues, removeLocalizedEnumValues. */
export class EnumKeysAction extends FieldNameAction {
  @IsArray()
  @IsString({ each: true })
  keys: string[];
}

export class ChangeFieldDefinitionOrderAction {
  @IsArray()
  @IsString({ each: true })
  fieldNames: string[];
}

export class ChangeInputHintAction extends FieldNameAction {
  @IsIn(INPUT_HINTS)
  inputHint: InputHint;
}

/** The Type's update actions by name. */
export const TYPE_ACTIONS = {
  changeName: ChangeTypeNameAction,
  changeKey: ChangeTypeKeyAction,
  setDescription: SetTypeDescriptionAction,
  addFieldDefinition: AddFieldDefinitionAction,
  removeFieldDefinition: RemoveFieldDefinitionAction,
  changeLabel: ChangeFieldLabelAction,
  changeInputHint: ChangeInputHintAction,
  changeFieldDefinitionOrder: ChangeFieldDefinitionOrderAction,
  addEnumValue: EnumValueAction,
  addLocalizedEnumValue: LocalizedEnumValueAction,
  changeEnumValueLabel: EnumValueAction,
  changeLocalizedEnumValueLabel: LocalizedEnumValueAction,
  changeEnumValueOrder: EnumKeysAction,
  changeLocalizedEnumValueOrder: EnumKeysAction,
  removeEnumValues: EnumKeysAction,
  removeLocalizedEnumValues: EnumKeysAction,
} as const;
