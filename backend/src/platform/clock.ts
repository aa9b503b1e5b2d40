/**
 * The wall clock as a port, so a test can say what time it is. Application code stamps when something happened (an
 * event's `at`, a created or updated time) with `clock.now()`; what day it is for the business (what is due, ages,
 * validity by date) is the BUSINESS_DATE port's, never the clock's. Provided once, by PlatformModule, from the runtime.
 */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

/** The system's clock: one object per runtime, so a test that spies on one app's clock leaves the others alone. */
export function systemClock(): Clock {
  return { now: () => new Date() };
}
