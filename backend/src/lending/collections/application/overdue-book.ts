import { Injectable } from '@nestjs/common';
import { OverdueBook, type OverdueLoan } from '../../public/overdue-book.port.js';
import { CollectionQueues } from './collection-queues.js';

/** How many overdue instalment rows one queue read looks at (a loan's rows sit together at the top by days past due). */
const SCAN_LIMIT = 2000;

/**
 * lending/public's OverdueBook, read from the collections queue's Overdue bucket: one entry per loan, most days past
 * due first, then the largest amount overdue.
 */
@Injectable()
export class QueuesOverdueBook implements OverdueBook {
  constructor(private readonly queues: CollectionQueues) {}

  async loans(limit: number): Promise<OverdueLoan[]> {
    const { rows } = await this.queues.list('Overdue', {}, { field: 'dpd', order: 'DESC' }, { start: 0, end: SCAN_LIMIT - 1 });
    const byLoan = new Map<string, OverdueLoan>();
    for (const row of rows) {
      const known = byLoan.get(row.loanId);
      // The Overdue tab's own amount: what is still owed on the instalment (the domain's owedOf), past its grace days.
      const owed = row.amountOverdue ?? 0;
      if (known) {
        known.amountOverdue += owed;
        known.overdueInstalments += 1;
        known.dpd = Math.max(known.dpd, row.dpd);
        continue;
      }
      byLoan.set(row.loanId, {
        loanId: row.loanId,
        borrowerName: row.borrower.name,
        phone: row.borrower.phone,
        dpd: row.dpd,
        classification: row.classification,
        amountOverdue: owed,
        overdueInstalments: 1,
        lastContactAt: row.lastContactAt,
        promiseToPayOn: row.promiseToPayOn,
        assignedToName: row.assignedToName,
      });
    }
    return [...byLoan.values()]
      .sort((a, b) => b.dpd - a.dpd || b.amountOverdue - a.amountOverdue || a.loanId.localeCompare(b.loanId))
      .slice(0, limit);
  }
}
