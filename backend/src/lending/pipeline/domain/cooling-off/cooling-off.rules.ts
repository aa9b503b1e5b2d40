import { addDays, daysBetween } from '../../../loan/domain/calendar.js';

/**
 * The cooling-off (look-up) period after disbursal (RBI Digital Lending Directions 2025; the KFS states it): within
 * it the borrower may exit the loan by repaying the principal and the proportionate APR for the days held, with no
 * penalty; the processing fee is kept only when the KFS said so. Pure: the time, the terms and the money paid
 * arrive as arguments.
 */

/** What the KFS stated for the loan: the period in days, whether the fee is kept on an exit, and the APR. */
export type CoolingOffTerms = { days: number; feeRetained: boolean; aprBasisPoints: number };

/** The cooling-off period and fee rule the KFS stated when the agreement was issued (pinned on AgreementIssued). */
export type PinnedCoolingOff = { days: number; feeRetained: boolean };

/**
 * The terms an exit is held to: the ones pinned on the agreement the borrower signed, so a change of setting after
 * signing never reaches a signed loan; agreements issued before they were pinned fall back to the settings now.
 */
export function coolingOffTermsFor(
  pinned: PinnedCoolingOff | undefined,
  settings: PinnedCoolingOff,
  aprBasisPoints: number,
): CoolingOffTerms {
  const { days, feeRetained } = pinned ?? settings;
  return { days, feeRetained, aprBasisPoints };
}

/** India Standard Time, UTC+05:30 all year (no daylight saving): the calendar days of the window are IST days. */
export const IST_OFFSET_MINUTES = 330;

export type CoolingOffWindow = {
  /** YYYY-MM-DD: the last IST day on which the borrower may exit (disbursal day + the period). */
  lastDay: string;
  /** ISO instant of the last second of the window (23:59:59 IST on lastDay): what the borrower is shown. */
  deadline: string;
  /** ISO instant the window closes (00:00 IST the day after lastDay): a request at or after it is refused. */
  closesAt: string;
};

const instantOfLocalMidnight = (day: string, offsetMinutes: number) => Date.parse(`${day}T00:00:00.000Z`) - offsetMinutes * 60_000;

/** The IST calendar day of an instant. */
export function localDayOf(at: string, offsetMinutes = IST_OFFSET_MINUTES): string {
  return new Date(Date.parse(at) + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The window opens at the payout and ends with the last second of the `days`-th IST day after the disbursal day:
 * disbursed on 21 November with 3 days, the borrower may exit until 23:59:59 IST on 24 November.
 */
export function coolingOffWindow(disbursedOn: string, days: number, offsetMinutes = IST_OFFSET_MINUTES): CoolingOffWindow {
  const lastDay = addDays(disbursedOn, days);
  const closes = instantOfLocalMidnight(addDays(lastDay, 1), offsetMinutes);
  return { lastDay, deadline: new Date(closes - 1000).toISOString(), closesAt: new Date(closes).toISOString() };
}

/** Whether `at` is inside the window (before closesAt, to the millisecond). */
export function isWithinWindow(window: CoolingOffWindow, at: string): boolean {
  return Date.parse(at) < Date.parse(window.closesAt);
}

export type CoolingOffExitAmount = {
  principal: number;
  /** Interest for the days held at the APR: principal × APR × days ÷ 365, half up to the paisa. */
  interest: number;
  /** The processing fee, when the KFS said it is kept on an exit; else 0. */
  fee: number;
  /** Repayments already applied to the loan (not reversed), taken off. */
  alreadyPaid: number;
  /** What the borrower pays to exit: principal + interest + fee - alreadyPaid, never below 0. */
  amount: number;
  /** Calendar days from the disbursal day to the exit day, at least 1 (the payout day counts). */
  daysHeld: number;
  aprBasisPoints: number;
};

/**
 * The amount that ends the loan in the window, as of `exitOn` (YYYY-MM-DD, IST). Integer paise; the interest in
 * BigInt so a large principal never loses precision: round half up of principal × bp × days / (10,000 × 365).
 */
export function coolingOffExitAmount(input: {
  principal: number;
  fee: number;
  disbursedOn: string;
  exitOn: string;
  terms: CoolingOffTerms;
  alreadyPaid: number;
}): CoolingOffExitAmount {
  const { principal, disbursedOn, exitOn, terms, alreadyPaid } = input;
  const daysHeld = Math.max(1, daysBetween(disbursedOn, exitOn));
  const numerator = BigInt(principal) * BigInt(terms.aprBasisPoints) * BigInt(daysHeld);
  const denominator = 10_000n * 365n;
  const interest = Number((numerator * 2n + denominator) / (denominator * 2n));
  const fee = terms.feeRetained ? input.fee : 0;
  const amount = Math.max(0, principal + interest + fee - alreadyPaid);
  return { principal, interest, fee, alreadyPaid, amount, daysHeld, aprBasisPoints: terms.aprBasisPoints };
}

/** The window's end as a day the payment's value date is compared with. */
export const lastDayOf = (disbursedOn: string, days: number) => addDays(disbursedOn, days);
