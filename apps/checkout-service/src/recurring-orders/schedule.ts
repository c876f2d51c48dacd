import type { RecurrencePolicySchedule, RecurrencePolicyScheduleDraftDto } from '@commerce/contracts';

const DAY_MS = 86_400_000;

/**
 * How long a schedule's day lasts. The live API's day; tests and demos shorten it (`RECURRING_ORDER_DAY_MS`)
 * so that `1 Days` passes in seconds. With a shortened day a month is 30 days.
 */
export interface ScheduleClock {
  dayMs: number;
}

export const REAL_CLOCK: ScheduleClock = { dayMs: DAY_MS };

/** The schedule as stored: only the fields of its type. */
export function scheduleOf(draft: RecurrencePolicyScheduleDraftDto): RecurrencePolicySchedule {
  return draft.type === 'standard'
    ? { type: 'standard', value: draft.value!, intervalUnit: draft.intervalUnit! }
    : { type: 'dayOfMonth', day: draft.day! };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `date` moved by whole calendar months (UTC), the day clamped to the target month's last day. */
function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const moved = new Date(date);
  moved.setUTCFullYear(year, month, day);
  return moved;
}

/** The `day` of the month after the one `date` is in, at `date`'s time of day (a short month's last day). */
function dayOfMonthAfter(date: Date, day: number): Date {
  const inThisMonth = new Date(date);
  inThisMonth.setUTCDate(Math.min(day, daysInMonth(date.getUTCFullYear(), date.getUTCMonth())));
  if (inThisMonth.getTime() > date.getTime()) return inThisMonth;
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  next.setUTCDate(Math.min(day, daysInMonth(next.getUTCFullYear(), next.getUTCMonth())));
  return next;
}

/** The due time after `due` under `schedule`. */
export function nextDue(
  schedule: RecurrencePolicySchedule,
  due: Date,
  clock: ScheduleClock = REAL_CLOCK,
): Date {
  const real = clock.dayMs === DAY_MS;
  if (schedule.type === 'dayOfMonth') {
    return real ? dayOfMonthAfter(due, schedule.day!) : new Date(due.getTime() + 30 * clock.dayMs);
  }
  const value = schedule.value!;
  switch (schedule.intervalUnit!) {
    case 'Days':
      return new Date(due.getTime() + value * clock.dayMs);
    case 'Weeks':
      return new Date(due.getTime() + value * 7 * clock.dayMs);
    case 'Months':
      return real ? addMonths(due, value) : new Date(due.getTime() + value * 30 * clock.dayMs);
  }
}

/** The first due time at or after `from`, counting from `due` (occurrences missed meanwhile are not made up). */
export function firstDueFrom(
  schedule: RecurrencePolicySchedule,
  due: Date,
  from: Date,
  clock: ScheduleClock = REAL_CLOCK,
): Date {
  let next = due;
  while (next.getTime() < from.getTime()) next = nextDue(schedule, next, clock);
  return next;
}

/** The first due time of a day-of-month schedule starting at `start`: `start` itself on that day, else the next. */
export function firstDue(
  schedule: RecurrencePolicySchedule,
  start: Date,
  clock: ScheduleClock = REAL_CLOCK,
): Date {
  if (schedule.type !== 'dayOfMonth' || clock.dayMs !== DAY_MS || start.getUTCDate() === schedule.day)
    return start;
  return dayOfMonthAfter(start, schedule.day!);
}
