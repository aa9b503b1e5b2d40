import type { PresencePlan } from '../../../../identity/public/index.js';
import type { Db } from '../../../../platform/database/database.js';
import { nextDueOf, planKindOf, type PlanInstalment } from '../../domain/presence-plan.js';

/**
 * Reads users/{userId}/plans/{planId} for the presence socket: the loan `planId` of borrower `userId` from the read
 * models (loan_summaries, loan_instalments), or undefined when it is not theirs. Money in minor units.
 */
export function presencePlanReader(db: Db, currency: string) {
  return async (userId: string, planId: string): Promise<PresencePlan | undefined> => {
    const loan = await db
      .selectFrom('loan_summaries')
      .select([
        'id',
        'type',
        'state',
        'amount',
        'approved_amount',
        'tenure_months',
        'annual_rate_percent',
        'fee',
        'disbursed_on',
        'updated_at',
      ])
      .where('id', '=', planId)
      .where('borrower_id', '=', userId)
      .executeTakeFirst();
    if (!loan) return undefined;
    const kind = planKindOf(loan.state);
    const rows =
      kind === 'repayment' || kind === 'finished'
        ? await db.selectFrom('loan_instalments').selectAll().where('loan_id', '=', planId).orderBy('number').execute()
        : [];
    const instalments: PlanInstalment[] = rows.map((i) => ({
      number: i.number,
      dueDate: i.due_date,
      amount: Number(i.principal) + Number(i.interest) + Number(i.fees) + Number(i.penalties),
      paid: Number(i.paid_principal) + Number(i.paid_interest) + Number(i.paid_fees) + Number(i.paid_penalties),
      status: i.status,
    }));
    return {
      planId: loan.id,
      loanId: loan.id,
      kind,
      loanType: loan.type,
      state: loan.state,
      currency,
      amount: Number(loan.approved_amount ?? loan.amount),
      tenureMonths: loan.tenure_months,
      annualRatePercent: Number(loan.annual_rate_percent),
      fee: Number(loan.fee),
      disbursedOn: loan.disbursed_on,
      instalments,
      nextDue: nextDueOf(instalments),
      updatedAt: new Date(loan.updated_at).toISOString(),
    };
  };
}
