import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../../../platform/database/database.js';
import { LoanPersonalData, type LoanRecord, type LoanRelationship } from '../../../public/loan-personal-data.port.js';
import { LOAN_STATES } from '../../domain/loan.types.js';

/** Still running: every state before the money is paid out, and a loan still owed (a written-off loan is still owed and reported). */
const RUNNING = [...LOAN_STATES.slice(0, LOAN_STATES.indexOf('active')), 'active', 'writtenOff'];

/** LoanPersonalData over the loan summaries, the instalments and the payments read models. */
@Injectable()
export class LoanSummariesPersonalData extends LoanPersonalData {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async exportOf(borrowerId: string): Promise<LoanRecord[]> {
    const loans = await this.db
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
        'created_at',
        'disbursed_on',
      ])
      .where('borrower_id', '=', borrowerId)
      .orderBy('created_at')
      .execute();
    if (loans.length === 0) return [];
    const ids = loans.map((l) => l.id);
    const [instalments, payments] = await Promise.all([
      this.db.selectFrom('loan_instalments').selectAll().where('loan_id', 'in', ids).orderBy('loan_id').orderBy('number').execute(),
      this.db
        .selectFrom('payments')
        .select(['loan_id', 'amount', 'paid_on', 'channel', 'method', 'reference', 'status', 'recorded_at'])
        .where('loan_id', 'in', ids)
        .orderBy('recorded_at')
        .execute(),
    ]);
    return loans.map((l) => ({
      id: l.id,
      type: l.type,
      state: l.state,
      amount: Number(l.amount),
      approvedAmount: l.approved_amount === null ? null : Number(l.approved_amount),
      tenureMonths: l.tenure_months,
      annualRatePercent: Number(l.annual_rate_percent),
      fee: Number(l.fee),
      appliedAt: new Date(l.created_at).toISOString(),
      disbursedOn: l.disbursed_on,
      schedule: instalments
        .filter((i) => i.loan_id === l.id)
        .map((i) => ({
          number: i.number,
          dueDate: i.due_date,
          principal: Number(i.principal),
          interest: Number(i.interest),
          fees: Number(i.fees),
          penalties: Number(i.penalties),
          paid: Number(i.paid_principal) + Number(i.paid_interest) + Number(i.paid_fees) + Number(i.paid_penalties),
          status: i.status,
          paidOn: i.paid_on,
        })),
      payments: payments
        .filter((p) => p.loan_id === l.id)
        .map((p) => ({
          amount: Number(p.amount),
          paidOn: p.paid_on,
          channel: p.channel,
          method: p.method,
          reference: p.reference,
          status: p.status,
        })),
    }));
  }

  async relationshipOf(borrowerId: string): Promise<LoanRelationship[]> {
    const loans = await this.db
      .selectFrom('loan_summaries')
      .select(['id', 'state', 'updated_at'])
      .where('borrower_id', '=', borrowerId)
      .execute();
    return loans.map((l) => {
      const running = RUNNING.includes(l.state);
      return { loanId: l.id, state: l.state, running, endedAt: running ? null : new Date(l.updated_at).toISOString() };
    });
  }
}
