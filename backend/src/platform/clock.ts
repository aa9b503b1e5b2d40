/** The wall clock as a port, so a test can say what time it is (collection reminders read the contact window from it). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
