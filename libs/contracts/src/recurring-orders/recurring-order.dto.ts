import { Nested, OptionalNested } from '../common/nested.js';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateIf,
} from 'class-validator';
import { CartResourceIdentifierDto, RecurrencePolicyResourceIdentifierDto } from '../carts/cart-draft.dto.js';
import { CustomFieldsDraftDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';

type Identifier = { typeId?: string; id?: string; key?: string };

/** `RecurringOrderDraft` (SDK): a cart and its version; `startsAt` defaults to now (release 2025-09-24). */
export class RecurringOrderDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @Nested(() => CartResourceIdentifierDto) cart: Identifier;
  @IsInt() @Min(0) cartVersion: number;
  @IsOptional() @IsISO8601({ strict: true }) startsAt?: string;
  @IsOptional() @IsISO8601({ strict: true }) expiresAt?: string;
  @OptionalNested(() => StateResourceIdentifierDto) state?: Identifier;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class RecurringOrderSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** `SkipConfigurationDraft`: only `Counter {totalToSkip}` exists. */
export class SkipConfigurationDraftDto {
  @IsIn(['Counter'], { message: "type must be 'Counter'." }) type: 'Counter';
  @IsInt() @Min(0) totalToSkip: number;
}

export class RecurringOrderSetOrderSkipConfigurationAction {
  @OptionalNested(() => SkipConfigurationDraftDto)
  skipConfigurationInputDraft?: SkipConfigurationDraftDto;

  @IsOptional() @IsISO8601({ strict: true }) updatedExpiresAt?: string;
}

export class RecurringOrderSetScheduleAction {
  @Nested(() => RecurrencePolicyResourceIdentifierDto)
  recurrencePolicy: Identifier;
}

export class RecurringOrderSetStartsAtAction {
  @IsISO8601({ strict: true }) startsAt: string;
}

export class RecurringOrderSetExpiresAtAction {
  @IsOptional() @IsISO8601({ strict: true }) expiresAt?: string;
}

export const RECURRING_ORDER_STATE_DRAFTS = ['active', 'paused', 'canceled', 'expired'] as const;

/** `RecurringOrderStateDraft`: `active {resumesAt?}`, `paused`, `canceled {reason?}` or `expired`. */
export class RecurringOrderStateDraftDto {
  @IsIn(RECURRING_ORDER_STATE_DRAFTS, {
    message: "type must be 'active', 'paused', 'canceled' or 'expired'.",
  })
  type: (typeof RECURRING_ORDER_STATE_DRAFTS)[number];

  @ValidateIf((s: RecurringOrderStateDraftDto) => s.type === 'active' && s.resumesAt !== undefined)
  @IsISO8601({ strict: true })
  resumesAt?: string;

  @ValidateIf((s: RecurringOrderStateDraftDto) => s.type === 'canceled' && s.reason !== undefined)
  @IsString()
  reason?: string;
}

export class RecurringOrderSetStateAction {
  @Nested(() => RecurringOrderStateDraftDto)
  recurringOrderState: RecurringOrderStateDraftDto;
}

export class RecurringOrderTransitionStateAction {
  @Nested(() => StateResourceIdentifierDto) state: Identifier;
  @IsOptional() @IsBoolean() force?: boolean;
}

/** The recurring order's update actions by name (SDK `RecurringOrderUpdateAction`, with the custom pair). */
export const RECURRING_ORDER_ACTIONS = {
  setKey: RecurringOrderSetKeyAction,
  setOrderSkipConfiguration: RecurringOrderSetOrderSkipConfigurationAction,
  setSchedule: RecurringOrderSetScheduleAction,
  setStartsAt: RecurringOrderSetStartsAtAction,
  setExpiresAt: RecurringOrderSetExpiresAtAction,
  setRecurringOrderState: RecurringOrderSetStateAction,
  transitionState: RecurringOrderTransitionStateAction,
} as const;
