import { amountDueNow } from '../../../collections/domain/reminders.js';
import type { LoanRecord } from '../../domain/loan.state.js';
import type { Actor } from '../../domain/loan.types.js';
import { instalmentStatusOn } from '../../domain/schedule/instalment-status.js';
import type { Instalment, InstalmentStatus, LoanServicing } from '../../domain/schedule/servicing.types.js';

/** A loan's servicing as its answers show it: from the read models (GET) or from a replay (?asOf), the same shape. */
export type ServicingDetail = {
  instalments: Array<Omit<Instalment, 'waivedInterest' | 'waivedFees' | 'waivedPenalties'>>;
  outstanding: LoanServicing['outstanding'];
  creditBalance: number;
  instalmentAmount: number;
  closedOn: string | null;
};

/** The fold's answer in the shape the read models keep. */
export function servicingDetailOf(view: LoanServicing): ServicingDetail {
  return {
    instalments: view.instalments.map(({ waivedInterest: _i, waivedFees: _f, waivedPenalties: _p, ...instalment }) => instalment),
    outstanding: view.outstanding,
    creditBalance: view.creditBalance,
    instalmentAmount: view.instalmentAmount,
    closedOn: view.closedOn,
  };
}

const owedOn = (i: ServicingDetail['instalments'][number]) =>
  i.principal + i.interest + i.fees + i.penalties - i.paidPrincipal - i.paidInterest - i.paidFees - i.paidPenalties;

/**
 * What an active loan owes now on business date `date`: days overdue (from the oldest unpaid due date before it),
 * the overdue amount, and the amount due now (instalments due by then, penal charges included). Null before
 * disbursal and once the loan is no longer active.
 */
export function arrearsOf(loan: LoanRecord, detail: ServicingDetail | null, date: string) {
  if (!detail || loan.status !== 'active') return null;
  return {
    asOf: date,
    ...amountDueNow(
      detail.instalments.map((i) => ({ dueDate: i.dueDate, amountDue: owedOn(i), chargesDue: i.penalties - i.paidPenalties })),
      date,
    ),
  };
}

/** The grace days of the product version the loan pinned (0 for loans from before products were data). */
export const graceDaysOf = (loan: LoanRecord) => loan.product?.terms.graceDays ?? 0;

/** Instalments as answers show them: each with its status on business date `date` (docs/servicing.md, "Instalment status"). */
export function instalmentsOn(
  instalments: ServicingDetail['instalments'],
  date: string,
  graceDays: number,
): Array<Omit<ServicingDetail['instalments'][number], 'status'> & { status: InstalmentStatus }> {
  return instalments.map((instalment) => ({ ...instalment, status: instalmentStatusOn(instalment, date, graceDays) }));
}

/** The servicing part of a loan answer: [] and null until the loan is disbursed; staff also see refunds awaiting a second person. */
export function servicingFields(
  loanId: string,
  loan: LoanRecord,
  detail: ServicingDetail | null,
  viewer: Pick<Actor, 'role'>,
  date: string,
) {
  return {
    arrears: arrearsOf(loan, detail, date),
    instalments: instalmentsOn(detail?.instalments ?? [], date, graceDaysOf(loan)),
    outstanding: detail?.outstanding ?? null,
    creditBalance: detail?.creditBalance ?? 0,
    instalmentAmount: detail?.instalmentAmount ?? null,
    closedOn: detail?.closedOn ?? null,
    ...(viewer.role === 'staff' && {
      refunds: Object.entries(loan.refunds ?? {}).map(([id, r]) => ({
        id,
        loanId,
        amount: r.amount,
        status: r.status,
        requestedBy: r.requestedBy,
      })),
    }),
  };
}
