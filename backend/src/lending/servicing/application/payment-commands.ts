import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../../platform/database/database.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { UnknownPayment } from '../domain/payment.errors.js';
import { paymentView, type PaymentView } from './payment.view.js';

/** Money commands on payments: those of every money command (MoneyCommands), and the payment a command names. */
@Injectable()
export class PaymentCommands {
  constructor(
    private readonly money: MoneyCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  static readonly newId = MoneyCommands.newId;

  today(): Promise<string> {
    return this.money.today();
  }

  execute(build: (at: string) => LoanCommand, actor: Actor): Promise<void> {
    return this.money.execute(build, actor);
  }

  /** The loan of a payment, from the payments read model (written in the same transaction as the payment's events). */
  async loanOf(paymentId: string): Promise<string> {
    const row = await this.db.selectFrom('payments').select('loan_id').where('id', '=', paymentId).executeTakeFirst();
    if (!row) throw new UnknownPayment(paymentId);
    return row.loan_id;
  }

  async existing(paymentId: string): Promise<PaymentView | undefined> {
    const row = await this.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    return row ? paymentView(row) : undefined;
  }

  async view(paymentId: string): Promise<PaymentView> {
    const row = await this.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (!row) throw new UnknownPayment(paymentId);
    return paymentView(row);
  }
}
