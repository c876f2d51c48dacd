import { OptionalNestedArray } from '../common/nested.js';
import { IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { STATE_ROLES, STATE_TYPES, type StateRole, type StateType } from './state.types.js';

export const StateResourceIdentifierDto = resourceIdentifierDto('state');

export class StateDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsIn(STATE_TYPES)
  type: StateType;

  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @IsOptional()
  @IsBoolean()
  initial?: boolean;

  @IsOptional()
  @IsArray()
  @IsIn(STATE_ROLES, { each: true })
  roles?: StateRole[];

  @OptionalNestedArray(() => StateResourceIdentifierDto)
  transitions?: InstanceType<typeof StateResourceIdentifierDto>[];
}

export class StateRolesAction {
  @IsDefined()
  @IsArray()
  @IsIn(STATE_ROLES, { each: true })
  roles: StateRole[];
}

export class ChangeStateInitialAction {
  @IsDefined()
  @IsBoolean()
  initial: boolean;
}

export class ChangeStateKeyAction {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;
}

export class ChangeStateTypeAction {
  @IsIn(STATE_TYPES)
  type: StateType;
}

export class SetStateNameAction {
  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;
}

export class SetStateDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;
}

export class SetStateTransitionsAction {
  @OptionalNestedArray(() => StateResourceIdentifierDto)
  transitions?: InstanceType<typeof StateResourceIdentifierDto>[];
}

/** The State's update actions by name. */
export const STATE_ACTIONS = {
  addRoles: StateRolesAction,
  removeRoles: StateRolesAction,
  setRoles: StateRolesAction,
  changeInitial: ChangeStateInitialAction,
  changeKey: ChangeStateKeyAction,
  changeType: ChangeStateTypeAction,
  setName: SetStateNameAction,
  setDescription: SetStateDescriptionAction,
  setTransitions: SetStateTransitionsAction,
} as const;
