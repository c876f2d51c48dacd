import { NestedArray, OptionalNestedArray } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import {
  EXTENSION_ACTIONS_ON,
  EXTENSION_MAX_TIMEOUT_MS,
  EXTENSION_RESOURCE_TYPE_IDS,
  type ExtensionAction,
  type ExtensionResourceTypeId,
} from './extension.types.js';

export const ExtensionResourceIdentifierDto = resourceIdentifierDto('extension');

export class ExtensionTriggerDto {
  @IsIn(EXTENSION_RESOURCE_TYPE_IDS)
  resourceTypeId: ExtensionResourceTypeId;

  @IsArray()
  @ArrayMinSize(1)
  @IsIn(EXTENSION_ACTIONS_ON, { each: true })
  actions: ExtensionAction[];

  @IsOptional()
  @IsString()
  @Length(1, 2048)
  condition?: string;
}

export class ExtensionAdditionalContextDto {
  @IsOptional()
  @IsBoolean()
  includeOldResource?: boolean;
}

/** The destination's shape is checked by its `type` in auth-service (a union the validators cannot express). */
export class ExtensionDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsObject()
  destination: Record<string, unknown>;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ExtensionTriggerDto)
  triggers: ExtensionTriggerDto[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(EXTENSION_MAX_TIMEOUT_MS)
  timeoutInMs?: number;

  @OptionalNestedArray(() => ExtensionResourceIdentifierDto)
  dependencies?: InstanceType<typeof ExtensionResourceIdentifierDto>[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  expansionPaths?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => ExtensionAdditionalContextDto)
  additionalContext?: ExtensionAdditionalContextDto;
}

export class ExtensionChangeDestinationAction {
  @IsObject()
  destination: Record<string, unknown>;
}

export class ExtensionChangeTriggersAction {
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ExtensionTriggerDto)
  triggers: ExtensionTriggerDto[];
}

export class ExtensionSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class ExtensionSetTimeoutInMsAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(EXTENSION_MAX_TIMEOUT_MS)
  timeoutInMs?: number;
}

export class ExtensionSetDependenciesAction {
  @IsDefined()
  @NestedArray(() => ExtensionResourceIdentifierDto)
  dependencies: InstanceType<typeof ExtensionResourceIdentifierDto>[];
}

export class ExtensionSetExpansionPathsAction {
  @IsDefined()
  @IsArray()
  @IsString({ each: true })
  expansionPaths: string[];
}

export class ExtensionSetAdditionalContextAction {
  @IsDefined()
  @ValidateNested()
  @Type(() => ExtensionAdditionalContextDto)
  additionalContext: ExtensionAdditionalContextDto;
}

/** SDK `ExtensionUpdateAction`. */
export const EXTENSION_ACTIONS = {
  changeDestination: ExtensionChangeDestinationAction,
  changeTriggers: ExtensionChangeTriggersAction,
  setKey: ExtensionSetKeyAction,
  setTimeoutInMs: ExtensionSetTimeoutInMsAction,
  setDependencies: ExtensionSetDependenciesAction,
  setExpansionPaths: ExtensionSetExpansionPathsAction,
  setAdditionalContext: ExtensionSetAdditionalContextAction,
};
