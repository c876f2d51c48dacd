import {
  enumOf,
  type Infer,
  integer,
  key,
  localizedString,
  object,
  optional,
  resource,
} from '../shapes/shape.js';

export const INTERVAL_UNITS = ['Days', 'Weeks', 'Months'] as const;
export const SCHEDULE_TYPES = ['standard', 'dayOfMonth'] as const;

/**
 * A schedule (SDK `RecurrencePolicySchedule`): `standard {value, intervalUnit}` or `dayOfMonth {day}`. The
 * shape has no unions, so it is one object whose `type` says which fields it carries (the others are absent).
 */
export const RecurrencePolicyScheduleShape = object('RecurrencePolicySchedule', {
  type: enumOf('RecurrencePolicyScheduleType', SCHEDULE_TYPES),
  value: optional(integer()),
  intervalUnit: optional(enumOf('IntervalUnit', INTERVAL_UNITS)),
  day: optional(integer()),
});

/** A recurrence policy (spec: Recurrence policy and recurring order shapes; SDK recurrence-policy.ts). */
export const RecurrencePolicyShape = resource('RecurrencePolicy', {
  key: key(),
  name: optional(localizedString()),
  description: optional(localizedString()),
  schedule: RecurrencePolicyScheduleShape,
});

export type RecurrencePolicy = Infer<typeof RecurrencePolicyShape>;
export type RecurrencePolicySchedule = RecurrencePolicy['schedule'];
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
