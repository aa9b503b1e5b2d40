import type { LoanMessageBase } from '../../../loan/domain/loan.types.js';

/**
 * The cooling-off exit's events (issue 33 item 1). Published names and fields are a contract with projections and
 * the stored log: never rename or repurpose one.
 */
type CoolingOffEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/**
 * An exit was asked for inside the window, with the amount that ends the loan fixed here. Asked by the borrower it is
 * open at once (they pay it); asked by staff for the borrower it waits for a second person's approval.
 */
export type CoolingOffExitRequested = CoolingOffEventOf<
  'CoolingOffExitRequested',
  {
    exitId: string;
    /** Who asked: the borrower, or staff (the maker). */
    by: string;
    principal: number;
    interest: number;
    fee: number;
    alreadyPaid: number;
    /** What ends the loan: principal + interest + fee - alreadyPaid. */
    amount: number;
    daysHeld: number;
    aprBasisPoints: number;
    /** YYYY-MM-DD: the IST day the amount is computed for. */
    exitOn: string;
    /** YYYY-MM-DD: the last IST day of the window; a payment valued after it does not count towards the exit. */
    lastDay: string;
    /** ISO instant of the window's last second (23:59:59 IST on lastDay). */
    deadline: string;
  }
>;

/** A second member of staff (never the maker) approved an exit staff asked for: it is open for payment. */
export type CoolingOffExitApproved = CoolingOffEventOf<'CoolingOffExitApproved', { exitId: string; by: string }>;

/** The exit amount was received inside the window: the loan is closed, what else was scheduled is not owed. */
export type LoanExitedInCoolingOff = CoolingOffEventOf<
  'LoanExitedInCoolingOff',
  {
    exitId: string;
    amountPaid: number;
    /** YYYY-MM-DD: the value date of the payment that completed it. */
    on: string;
    /** The exit's interest and kept fee (the request's quote; on exits since session 20): servicing splits the payments by them. */
    interest?: number;
    fee?: number;
  }
>;

export type CoolingOffEvent = CoolingOffExitRequested | CoolingOffExitApproved | LoanExitedInCoolingOff;

const EVERY_COOLING_OFF_EVENT_TYPE: Record<CoolingOffEvent['type'], true> = {
  CoolingOffExitRequested: true,
  CoolingOffExitApproved: true,
  LoanExitedInCoolingOff: true,
};

export const COOLING_OFF_EVENT_TYPES = Object.keys(EVERY_COOLING_OFF_EVENT_TYPE) as readonly CoolingOffEvent['type'][];
