import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../../../platform/database/database.js';
import type { LedgerLine, ServicingEvent, ServicingTerms } from '../../domain/schedule/servicing.types.js';

const n = (value: string | number) => Number(value);

/** Reads the servicing read models (lending/servicing/projections/servicing.projection.ts) for loan answers. */
@Injectable()
export class LoanServicingReader {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Instalments with their paid parts, outstanding amounts, credit balance; null before disbursal. */
  async detailOf(loanId: string) {
    const [row, instalments] = await Promise.all([
      this.db
        .selectFrom('loan_servicing')
        .select([
          'status',
          'closed_on',
          'instalment_amount',
          'credit_balance',
          'outstanding_principal',
          'outstanding_interest',
          'outstanding_fees',
          'outstanding_penalties',
          'outstanding_total',
        ])
        .where('loan_id', '=', loanId)
        .executeTakeFirst(),
      this.db.selectFrom('loan_instalments').selectAll().where('loan_id', '=', loanId).orderBy('number').execute(),
    ]);
    if (!row) return null;
    return {
      instalments: instalments.map((i) => ({
        number: i.number,
        dueDate: i.due_date,
        principal: n(i.principal),
        interest: n(i.interest),
        fees: n(i.fees),
        penalties: n(i.penalties),
        paidPrincipal: n(i.paid_principal),
        paidInterest: n(i.paid_interest),
        paidFees: n(i.paid_fees),
        paidPenalties: n(i.paid_penalties),
        status: i.status as 'upcoming' | 'partial' | 'paid',
        paidOn: i.paid_on,
        closedOut: i.closed_out as 'settlement' | 'writeOff' | 'coolingOffExit' | null,
      })),
      outstanding: {
        principal: n(row.outstanding_principal),
        interest: n(row.outstanding_interest),
        fees: n(row.outstanding_fees),
        penalties: n(row.outstanding_penalties),
        total: n(row.outstanding_total),
      },
      creditBalance: n(row.credit_balance),
      instalmentAmount: n(row.instalment_amount),
      closedOn: row.closed_on,
    };
  }

  /** The ledger, oldest first; [] before disbursal. */
  async transactions(loanId: string) {
    const rows = await this.db.selectFrom('loan_transactions').selectAll().where('loan_id', '=', loanId).orderBy('seq').execute();
    return rows.map((t) => ({
      id: t.id,
      type: t.type as LedgerLine['type'],
      date: t.date,
      amount: n(t.amount),
      principal: n(t.principal),
      interest: n(t.interest),
      fees: n(t.fees),
      penalties: n(t.penalties),
      balanceAfter: n(t.balance_after),
      paymentId: t.payment_id,
      toCreditBalance: n(t.to_credit_balance),
      reversedOn: t.reversed_on,
    }));
  }

  /** The fold's input as the projection keeps it (for quotes); undefined before disbursal. */
  async inputOf(loanId: string): Promise<{ terms: ServicingTerms; events: ServicingEvent[] } | undefined> {
    const row = await this.db.selectFrom('loan_servicing').select(['terms', 'events']).where('loan_id', '=', loanId).executeTakeFirst();
    return row ? { terms: row.terms as unknown as ServicingTerms, events: row.events as unknown as ServicingEvent[] } : undefined;
  }
}
