import { Nested } from '../common/nested.js';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateIf } from 'class-validator';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { INTERVAL_UNITS, SCHEDULE_TYPES, type IntervalUnit } from './recurrence-policy.shape.js';

/** `RecurrencePolicyScheduleDraft`: `standard {value, intervalUnit}` or `dayOfMonth {day}` (1 to 31). */
export class RecurrencePolicyScheduleDraftDto {
  @IsIn(SCHEDULE_TYPES, { message: "type must be 'standard' or 'dayOfMonth'." })
  type: (typeof SCHEDULE_TYPES)[number];

  @ValidateIf((s: RecurrencePolicyScheduleDraftDto) => s.type === 'standard')
  @IsInt()
  @Min(1)
  value?: number;

  @ValidateIf((s: RecurrencePolicyScheduleDraftDto) => s.type === 'standard')
  @IsIn(INTERVAL_UNITS, { message: "intervalUnit must be 'Days', 'Weeks' or 'Months'." })
  intervalUnit?: IntervalUnit;

  @ValidateIf((s: RecurrencePolicyScheduleDraftDto) => s.type === 'dayOfMonth')
  @IsInt()
  @Min(1)
  @Max(31)
  day?: number;
}

class RecurrencePolicyKey {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class RecurrencePolicyDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsOptional() @IsLocalizedString() name?: Record<string, string>;
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;

  @Nested(() => RecurrencePolicyScheduleDraftDto)
  schedule: RecurrencePolicyScheduleDraftDto;
}

export class RecurrencePolicySetKeyAction extends RecurrencePolicyKey {}

export class RecurrencePolicySetNameAction {
  @IsOptional() @IsLocalizedString() name?: Record<string, string>;
}

export class RecurrencePolicySetDescriptionAction {
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;
}

export class RecurrencePolicySetScheduleAction {
  @Nested(() => RecurrencePolicyScheduleDraftDto)
  schedule: RecurrencePolicyScheduleDraftDto;
}

/** The recurrence policy's update actions by name (SDK `RecurrencePolicyUpdateAction`). */
export const RECURRENCE_POLICY_ACTIONS = {
  setKey: RecurrencePolicySetKeyAction,
  setName: RecurrencePolicySetNameAction,
  setDescription: RecurrencePolicySetDescriptionAction,
  setSchedule: RecurrencePolicySetScheduleAction,
} as const;
