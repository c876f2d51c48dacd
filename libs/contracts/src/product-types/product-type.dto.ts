import { Type } from '../dto-transform.js';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { attributeTypeOf } from './attribute-type.js';
import {
  ATTRIBUTE_CONSTRAINTS,
  ATTRIBUTE_LEVELS,
  TEXT_INPUT_HINTS,
  type AttributeDefinition,
  type AttributeType,
} from './product-type.types.js';

export const ProductTypeResourceIdentifierDto = resourceIdentifierDto('product-type');

function IsAttributeType(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isAttributeType',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'a valid AttributeType is expected.', ...options },
      validator: { validate: (value: unknown) => attributeTypeOf(value) !== undefined },
    });
}

export class AttributeDefinitionDraftDto {
  @IsDefined()
  @IsAttributeType()
  type: AttributeType;

  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'name must match ^[A-Za-z0-9_-]+$.' })
  name: string;

  @IsDefined()
  @IsLocalizedString()
  label: Record<string, string>;

  @IsBoolean()
  isRequired: boolean;

  @IsOptional()
  @IsIn(ATTRIBUTE_LEVELS)
  level?: AttributeDefinition['level'];

  @IsOptional()
  @IsIn(ATTRIBUTE_CONSTRAINTS)
  attributeConstraint?: AttributeDefinition['attributeConstraint'];

  @IsOptional()
  @IsLocalizedString()
  inputTip?: Record<string, string>;

  @IsOptional()
  @IsIn(TEXT_INPUT_HINTS)
  inputHint?: AttributeDefinition['inputHint'];

  @IsOptional()
  @IsBoolean()
  isSearchable?: boolean;
}

export class ProductTypeDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsString()
  name: string;

  @IsString()
  description: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AttributeDefinitionDraftDto)
  attributes?: AttributeDefinitionDraftDto[];
}

export class ChangeProductTypeNameAction {
  @IsString()
  name: string;
}

export class ChangeProductTypeDescriptionAction {
  @IsString()
  description: string;
}

export class SetProductTypeKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}
