import { env, loadConfig } from '@commerce/config';
import type { ScheduleClock } from './schedule.js';

/** The scheduler's settings (docs/CHECKOUT.md, "Recurring orders"). */
export const recurringOrderEnv = {
  /** How often each replica looks for due recurring orders. */
  RECURRING_ORDER_TICK_MS: env.int(50, 3_600_000, 30_000),
  /** The length of a schedule's day; tests shorten it so that `1 Days` passes in seconds. */
  RECURRING_ORDER_DAY_MS: env.int(100, 86_400_000, 86_400_000),
};

export interface RecurringOrderSettings extends ScheduleClock {
  tickMs: number;
}

export function recurringOrderSettings(
  source: Record<string, string | undefined> = process.env,
): RecurringOrderSettings {
  const config = loadConfig(recurringOrderEnv, source);
  return { tickMs: config.RECURRING_ORDER_TICK_MS, dayMs: config.RECURRING_ORDER_DAY_MS };
}

export const RECURRING_ORDER_SETTINGS = Symbol('RECURRING_ORDER_SETTINGS');
