import { Nested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  Equals,
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
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  INSIGHTS_EVENT_TYPES,
  INSIGHTS_LIMITS,
  INSIGHTS_PROVIDER_TYPES,
  VENDOR_A_REGIONS,
  VENDOR_C_SITES,
  type InsightsEventType,
  type InsightsProviderType,
  type VendorARegion,
  type VendorCSite,
} from './insights.types.js';

/** Environment ids must not contain any of `. | / : ' " \` # ?`. */
export const ENVIRONMENT_ID_PATTERN = /^[^.|\\/:'"`#?]+$/;
/** ActiveGate domains must not contain any of `| / : # ? ' " \``. */
export const ACTIVE_GATE_DOMAIN_PATTERN = /^[^|\\/:#?'"`]+$/;
export const OTLP_HEADER_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9-_]*$/;
export const OTLP_HEADER_VALUE_PATTERN = /^[^']+$/;

const eventTypesMessage = `eventTypes must hold values of ${INSIGHTS_EVENT_TYPES.join(', ')}, each once.`;

export class ProviderDraftDto {
  @IsIn(INSIGHTS_PROVIDER_TYPES, { message: `type must be one of ${INSIGHTS_PROVIDER_TYPES.join(', ')}.` })
  type: InsightsProviderType;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsArray()
  @IsIn(INSIGHTS_EVENT_TYPES, { each: true, message: eventTypesMessage })
  @ArrayUnique({ message: eventTypesMessage })
  eventTypes: InsightsEventType[];
}

/** Write-only: never returned, never logged, encrypted at rest; omitted keeps the existing key. */
class ApiKeyProviderDraftDto extends ProviderDraftDto {
  @IsOptional()
  @IsString()
  @Length(1, 1_024)
  apiKey?: string;
}

export class VendorAProviderDraftDto extends ApiKeyProviderDraftDto {
  declare type: 'VendorA';

  @IsIn(VENDOR_A_REGIONS, { message: `region must be one of ${VENDOR_A_REGIONS.join(', ')}.` })
  region: VendorARegion;
}

export class VendorBSaaSProviderDraftDto extends ApiKeyProviderDraftDto {
  declare type: 'VendorBSaaS';

  @IsString()
  @Length(1, 256)
  @Matches(ENVIRONMENT_ID_PATTERN, {
    message: 'environmentId must not contain any of . | / : \' " ` # ?',
  })
  environmentId: string;
}

export class VendorBActiveGateProviderDraftDto extends ApiKeyProviderDraftDto {
  declare type: 'VendorBActiveGate';

  @IsString()
  @Length(1, 253)
  @Matches(ACTIVE_GATE_DOMAIN_PATTERN, {
    message: 'activeGateDomain must not contain any of | / : # ? \' " `',
  })
  activeGateDomain: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65_535)
  activeGatePort?: number;

  @IsString()
  @Length(1, 256)
  @Matches(ENVIRONMENT_ID_PATTERN, {
    message: 'environmentId must not contain any of . | / : \' " ` # ?',
  })
  environmentId: string;
}

export class VendorCProviderDraftDto extends ApiKeyProviderDraftDto {
  declare type: 'VendorC';

  @IsIn(VENDOR_C_SITES, { message: `site must be one of ${VENDOR_C_SITES.join(', ')}.` })
  site: VendorCSite;
}

export class OtlpProviderHeaderDraftDto {
  @IsString()
  @Length(1, 256)
  @Matches(OTLP_HEADER_NAME_PATTERN, { message: 'name must match ^[a-zA-Z][a-zA-Z0-9-_]*$' })
  name: string;

  /** Write-only: never returned, never logged, encrypted at rest. */
  @IsString()
  @MaxLength(4_096)
  @Matches(OTLP_HEADER_VALUE_PATTERN, { message: "value must be non-empty and must not contain '" })
  value: string;
}

export class OtlpProviderDraftDto extends ProviderDraftDto {
  declare type: 'Otlp' | 'OtlpHttp';

  @IsString()
  @Length(1, 2_048)
  endpoint: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INSIGHTS_LIMITS.otlpHeaders)
  @ArrayUnique((header: OtlpProviderHeaderDraftDto) => header?.name?.toLowerCase(), {
    message: 'headers must have unique names.',
  })
  @ValidateNested({ each: true })
  @Type(() => OtlpProviderHeaderDraftDto)
  headers?: OtlpProviderHeaderDraftDto[];
}

export type AnyProviderDraftDto =
  | VendorAProviderDraftDto
  | VendorBSaaSProviderDraftDto
  | VendorBActiveGateProviderDraftDto
  | VendorCProviderDraftDto
  | OtlpProviderDraftDto;

/** Picks each provider draft's class by its `type` (an unknown type fails the base class's check). */
const providerDiscriminator = {
  discriminator: {
    property: 'type',
    subTypes: [
      { value: VendorAProviderDraftDto, name: 'VendorA' },
      { value: VendorBSaaSProviderDraftDto, name: 'VendorBSaaS' },
      { value: VendorBActiveGateProviderDraftDto, name: 'VendorBActiveGate' },
      { value: VendorCProviderDraftDto, name: 'VendorC' },
      { value: OtlpProviderDraftDto, name: 'Otlp' },
      { value: OtlpProviderDraftDto, name: 'OtlpHttp' },
    ],
  },
  keepDiscriminatorProperty: true,
};

export class AttributeDraftDto {
  @IsIn(INSIGHTS_EVENT_TYPES, { message: `eventType must be one of ${INSIGHTS_EVENT_TYPES.join(', ')}.` })
  eventType: InsightsEventType;

  @Equals('String', { message: "type must be 'String'." })
  type: 'String';

  @IsString()
  @Length(1, INSIGHTS_LIMITS.attributeName)
  name: string;

  @IsString()
  @MaxLength(INSIGHTS_LIMITS.attributeValue)
  value: string;
}

const uniqueProviders = { message: 'providers must have one provider per type.' };
const uniqueAttributes = { message: 'additionalAttributes must have unique names.' };

export class ProjectConfigurationDraftDto {
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsArray()
  @ArrayMaxSize(INSIGHTS_LIMITS.providers)
  @ArrayUnique((provider: ProviderDraftDto) => provider?.type, uniqueProviders)
  @ValidateNested({ each: true })
  @Type(() => ProviderDraftDto, providerDiscriminator)
  providers: AnyProviderDraftDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INSIGHTS_LIMITS.additionalAttributes)
  @ArrayUnique((attribute: AttributeDraftDto) => attribute?.name, uniqueAttributes)
  @ValidateNested({ each: true })
  @Type(() => AttributeDraftDto)
  additionalAttributes?: AttributeDraftDto[];
}

/** The common part of every insights action; its name is checked against INSIGHTS_CONFIGURATION_ACTIONS. */
export class InsightsActionDto {
  @IsString()
  action: string;
}

export class ActivateActionDto extends InsightsActionDto {}
export class DeactivateActionDto extends InsightsActionDto {}

const providerTypeMessage = { message: `provider must be one of ${INSIGHTS_PROVIDER_TYPES.join(', ')}.` };

export class RemoveProviderActionDto extends InsightsActionDto {
  @IsIn(INSIGHTS_PROVIDER_TYPES, providerTypeMessage)
  provider: InsightsProviderType;
}

export class SetActiveActionDto extends InsightsActionDto {
  @IsIn(INSIGHTS_PROVIDER_TYPES, providerTypeMessage)
  provider: InsightsProviderType;

  @IsBoolean()
  active: boolean;
}

export class SetEventTypesActionDto extends InsightsActionDto {
  @IsIn(INSIGHTS_PROVIDER_TYPES, providerTypeMessage)
  provider: InsightsProviderType;

  @IsArray()
  @IsIn(INSIGHTS_EVENT_TYPES, { each: true, message: eventTypesMessage })
  @ArrayUnique({ message: eventTypesMessage })
  eventTypes: InsightsEventType[];
}

export class SetProviderActionDto extends InsightsActionDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProviderDraftDto, providerDiscriminator)
  provider: AnyProviderDraftDto;
}

export class AddAttributeActionDto extends InsightsActionDto {
  @Nested(() => AttributeDraftDto)
  attribute: AttributeDraftDto;
}

export class RemoveAttributeActionDto extends InsightsActionDto {
  @IsString()
  @Length(1, INSIGHTS_LIMITS.attributeName)
  attribute: string;
}

export class SetAttributesActionDto extends InsightsActionDto {
  @IsArray()
  @ArrayMaxSize(INSIGHTS_LIMITS.additionalAttributes)
  @ArrayUnique((attribute: AttributeDraftDto) => attribute?.name, uniqueAttributes)
  @ValidateNested({ each: true })
  @Type(() => AttributeDraftDto)
  attributes: AttributeDraftDto[];
}

/**
 * The insights configuration's update actions by name, each validated against its own class (its descriptor
 * carries them; `POST` takes `{actions}` without a version).
 */
export const INSIGHTS_CONFIGURATION_ACTIONS = {
  activate: ActivateActionDto,
  deactivate: DeactivateActionDto,
  removeProvider: RemoveProviderActionDto,
  setActive: SetActiveActionDto,
  setEventTypes: SetEventTypesActionDto,
  setProvider: SetProviderActionDto,
  addAttribute: AddAttributeActionDto,
  removeAttribute: RemoveAttributeActionDto,
  setAttributes: SetAttributesActionDto,
} as const satisfies Record<string, new () => InsightsActionDto>;

export type InsightsUpdateActionName = keyof typeof INSIGHTS_CONFIGURATION_ACTIONS;

/** `POST /{projectKey}/insights-configuration`: the configuration has no version. */
export class InsightsUpdateDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  actions: unknown[];
}
