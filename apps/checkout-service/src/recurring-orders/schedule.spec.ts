import { firstDue, firstDueFrom, nextDue } from './schedule.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('recurrence schedules', () => {
  it.each([
    [
      { type: 'standard', value: 1, intervalUnit: 'Days' },
      '2026-01-31T10:00:00.000Z',
      '2026-02-01T10:00:00.000Z',
    ],
    [
      { type: 'standard', value: 2, intervalUnit: 'Weeks' },
      '2026-01-31T10:00:00.000Z',
      '2026-02-14T10:00:00.000Z',
    ],
    [
      { type: 'standard', value: 1, intervalUnit: 'Months' },
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
    ],
    [
      { type: 'standard', value: 3, intervalUnit: 'Months' },
      '2026-11-15T10:00:00.000Z',
      '2027-02-15T10:00:00.000Z',
    ],
    [{ type: 'dayOfMonth', day: 15 }, '2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    [{ type: 'dayOfMonth', day: 31 }, '2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    [{ type: 'dayOfMonth', day: 31 }, '2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z'],
  ] as const)('%j after %s is %s (calendar, UTC)', (schedule, due, next) => {
    expect(iso(nextDue(schedule, at(due)))).toBe(next);
  });

  it('starts a day-of-month schedule on that day, on or after the start', () => {
    const schedule = { type: 'dayOfMonth', day: 10 } as const;
    expect(iso(firstDue(schedule, at('2026-03-10T08:00:00.000Z')))).toBe('2026-03-10T08:00:00.000Z');
    expect(iso(firstDue(schedule, at('2026-03-11T08:00:00.000Z')))).toBe('2026-04-10T08:00:00.000Z');
    expect(iso(firstDue(schedule, at('2026-03-01T08:00:00.000Z')))).toBe('2026-03-10T08:00:00.000Z');
  });

  it('does not make up missed due times', () => {
    const daily = { type: 'standard', value: 1, intervalUnit: 'Days' } as const;
    const next = firstDueFrom(daily, at('2026-01-01T00:00:00.000Z'), at('2026-01-05T12:00:00.000Z'));
    expect(iso(next)).toBe('2026-01-06T00:00:00.000Z');
  });

  it('shortens a day with the clock; a month is then 30 days', () => {
    const clock = { dayMs: 1000 };
    const due = at('2026-01-01T00:00:00.000Z');
    expect(
      nextDue({ type: 'standard', value: 2, intervalUnit: 'Days' }, due, clock).getTime() - due.getTime(),
    ).toBe(2000);
    expect(
      nextDue({ type: 'standard', value: 1, intervalUnit: 'Months' }, due, clock).getTime() - due.getTime(),
    ).toBe(30_000);
    expect(nextDue({ type: 'dayOfMonth', day: 5 }, due, clock).getTime() - due.getTime()).toBe(30_000);
  });
});
