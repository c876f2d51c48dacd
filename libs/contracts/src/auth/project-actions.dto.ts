import { Type } from '../dto-transform.js';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
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

/** The Project update actions this platform implements (reference facts 4.5). */
export const PROJECT_UPDATE_ACTIONS = [
  'changeName',
  'changeCountries',
  'changeCurrencies',
  'changeLanguages',
  'changeMessagesConfiguration',
  'setExternalOAuth',
] as const;

export type ProjectUpdateActionName = (typeof PROJECT_UPDATE_ACTIONS)[number];

export class ProjectActionDto {
  @IsIn(PROJECT_UPDATE_ACTIONS, { message: `action must be one of ${PROJECT_UPDATE_ACTIONS.join(', ')}.` })
  action: ProjectUpdateActionName;
}

export class ChangeNameActionDto extends ProjectActionDto {
  @IsString()
  @Length(1, 256)
  name: string;
}

export class ChangeCountriesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must be ISO 3166-1 alpha-2 codes.' })
  countries: string[];
}

export class ChangeCurrenciesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{3}$/, { each: true, message: 'currencies must be ISO 4217 codes.' })
  currencies: string[];
}

export class ChangeLanguagesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
    each: true,
    message: 'languages must be IETF language tags.',
  })
  languages: string[];
}

export class MessagesConfigurationDraftDto {
  @IsBoolean()
  enabled: boolean;

  @IsInt()
  @Min(1)
  @Max(90)
  deleteDaysAfterCreation: number;
}

export class ChangeMessagesConfigurationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => MessagesConfigurationDraftDto)
  messagesConfiguration: MessagesConfigurationDraftDto;
}

/** RAML pattern of both fields: no leading or trailing space. */
const NO_OUTER_SPACE = /^[^ ].+[^ ]$/;

export class ExternalOAuthDto {
  @IsString()
  @Length(3, 2_048)
  @Matches(NO_OUTER_SPACE, { message: 'url must not start or end with a space.' })
  url: string;

  @IsString()
  @Length(3, 4_096)
  @Matches(NO_OUTER_SPACE, { message: 'authorizationHeader must not start or end with a space.' })
  authorizationHeader: string;
}

export class SetExternalOAuthActionDto extends ProjectActionDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExternalOAuthDto)
  externalOAuth?: ExternalOAuthDto;
}

/** The DTO of each action, by name: every action is validated against its own class. */
export const PROJECT_ACTION_DTOS = {
  changeName: ChangeNameActionDto,
  changeCountries: ChangeCountriesActionDto,
  changeCurrencies: ChangeCurrenciesActionDto,
  changeLanguages: ChangeLanguagesActionDto,
  changeMessagesConfiguration: ChangeMessagesConfigurationActionDto,
  setExternalOAuth: SetExternalOAuthActionDto,
} satisfies Record<ProjectUpdateActionName, new () => ProjectActionDto>;
