import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Subscription } from '../../../platform/subscriptions/subscription.js';
import type { LoanType } from '../../loan/domain/loan.types.js';
import { LoanMessages, type AutoDebitNoticeMessage, type AutoDebitNoticeSent } from '../../public/loan-messages.port.js';
import { endCauseInWords, NOTICE_EVENT_TYPES, noticeOf, type AutoDebitNoticeKind } from '../domain/auto-debit-notices.js';
import type { MandateKind } from '../domain/mandate.events.js';

export const AUTO_DEBIT_NOTICES_SUBSCRIPTION = 'auto-debit-notices';

/** A claim still `claimed` this long after it was made belongs to a process that stopped before sending: taken over. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

/** `claimedAt`: the claim's time as PostgreSQL wrote it (text, to the microsecond), which tells this claim from a later one. */
type Claim = { about: string; kind: AutoDebitNoticeKind; claimedAt: string };

/**
 * The borrower's auto-debit notices by SMS and email (docs/mandates.md, "Notices to the borrower"), from the loan
 * events that call for them (domain/auto-debit-notices.ts): UPI AutoPay's pre-debit notification that close of
 * business records (PreDebitNotified), a returned debit (PresentationBounced), the end of a mandate (MandateCancelled).
 * Each is sent through communications' LoanMessages once: whoever inserts its row in `auto_debit_notices` (migration
 * 0057, keyed by what it is about and its kind) sends it, so the subscription seeing an event again or two workers
 * racing send nothing more. A send that fails gives its claim back (and the subscription retries); a claim left by a
 * process that stopped before sending is taken over after STALE_CLAIM_MS.
 */
@Injectable()
export class AutoDebitNotices {
  private readonly logger = new Logger('AutoDebitNotices');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly messages: LoanMessages,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  subscription(): Subscription {
    return {
      name: AUTO_DEBIT_NOTICES_SUBSCRIPTION,
      eventTypes: NOTICE_EVENT_TYPES,
      handle: async (events) => void (await this.notify(events)),
    };
  }

  /** Sends the notice each event calls for, unless it was claimed already; answers how many this call sent. */
  async notify(events: readonly RecordedEvent[]): Promise<number> {
    let sent = 0;
    for (const event of events) {
      const notice = noticeOf(event);
      if (notice === undefined) continue;
      const loanId = event.streamId.slice('loan-'.length);
      const claim = await this.claim(notice.about, notice.kind, loanId, event.position);
      if (claim === undefined) continue;
      let outcome: AutoDebitNoticeSent | undefined;
      try {
        const message = await this.messageFor(event, loanId, notice.about, notice.kind);
        if (message !== undefined) outcome = await this.messages.sendAutoDebitNotice(message);
      } catch (error) {
        await this.release(claim);
        throw error;
      }
      await this.db
        .updateTable('auto_debit_notices')
        .set({
          status: outcome ? 'sent' : 'skipped',
          sent_at: outcome ? this.clock.now() : null,
          email_id: outcome?.emailId ?? null,
          sms_status: outcome?.sms ?? null,
        })
        .where('about', '=', claim.about)
        .where('kind', '=', claim.kind)
        .execute();
      if (outcome) sent += 1;
      else this.logger.warn(`auto-debit notice ${notice.kind} about ${notice.about}: the loan or its borrower is not known, not sent`);
    }
    return sent;
  }

  /** The claim: the row inserted, or a stale claim taken over; undefined when another holds it or it was sent. */
  private async claim(about: string, kind: AutoDebitNoticeKind, loanId: string, position: number): Promise<Claim | undefined> {
    const { rows } = await sql<{ claimed_at: string }>`
      INSERT INTO auto_debit_notices (about, kind, loan_id, source_position) VALUES (${about}, ${kind}, ${loanId}, ${position})
      ON CONFLICT (about, kind) DO UPDATE SET claimed_at = now(), source_position = EXCLUDED.source_position
        WHERE auto_debit_notices.status = 'claimed'
          AND auto_debit_notices.claimed_at < now() - ${STALE_CLAIM_MS} * interval '1 millisecond'
      RETURNING claimed_at::text AS claimed_at`.execute(this.db);
    return rows[0] ? { about, kind, claimedAt: rows[0].claimed_at } : undefined;
  }

  /** Gives a claim back after a failed send (only the one this call made), so that a retry sends the notice. */
  private async release({ about, kind, claimedAt }: Claim): Promise<void> {
    await this.db
      .deleteFrom('auto_debit_notices')
      .where('about', '=', about)
      .where('kind', '=', kind)
      .where('status', '=', 'claimed')
      .where(sql<boolean>`claimed_at = ${claimedAt}::timestamptz`)
      .execute();
  }

  /** What the notice says, from the event and the loan's read models (inline, so as current as the event). */
  private async messageFor(
    event: RecordedEvent,
    loanId: string,
    noticeId: string,
    kind: AutoDebitNoticeKind,
  ): Promise<AutoDebitNoticeMessage | undefined> {
    const data = event.data as Record<string, unknown>;
    const loan = await this.db
      .selectFrom('loan_summaries as l')
      .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
      .select(['l.type', 'l.amount', 'l.state', 'b.user_id', 'b.name', 'b.email', 'b.phone'])
      .where('l.id', '=', loanId)
      .executeTakeFirst();
    const presentation =
      kind === 'bounced'
        ? await this.db
            .selectFrom('mandate_presentations')
            .select(['mandate_id', 'instalment_number', 'amount'])
            .where('id', '=', String(data.presentationId))
            .executeTakeFirst()
        : undefined;
    const mandateId = presentation?.mandate_id ?? String(data.mandateId);
    const mandate = await this.db.selectFrom('mandates').select('kind').where('id', '=', mandateId).executeTakeFirst();
    if (!loan || !mandate || (kind === 'bounced' && !presentation)) return undefined;
    const base = {
      noticeId: `${kind}:${noticeId}`,
      loanId,
      loanType: loan.type as LoanType,
      loanAmount: Number(loan.amount),
      mandateKind: mandate.kind as MandateKind,
      borrower: { id: loan.user_id, name: loan.name, email: loan.email, phone: loan.phone },
    };
    switch (kind) {
      case 'pre-debit':
        return {
          ...base,
          kind,
          instalmentNumber: Number(data.instalmentNumber),
          amount: Number(data.amount),
          debitOn: String(data.debitOn),
        };
      case 'bounced':
        return {
          ...base,
          kind,
          instalmentNumber: presentation!.instalment_number,
          amount: Number(presentation!.amount),
          reason: String(data.reason),
          nextAttemptOn: typeof data.nextAttemptOn === 'string' ? data.nextAttemptOn : null,
        };
      case 'mandate-ended': {
        const loanActive = loan.state === 'active';
        const next = loanActive
          ? await this.db
              .selectFrom('loan_instalments')
              .select(['number', 'due_date', 'owed_principal', 'owed_interest', 'owed_fees', 'owed_penalties'])
              .where('loan_id', '=', loanId)
              .where(sql<boolean>`owed_principal + owed_interest + owed_fees + owed_penalties > 0`)
              .orderBy('number')
              .limit(1)
              .executeTakeFirst()
          : undefined;
        return {
          ...base,
          kind,
          cause: endCauseInWords(String(data.cause)),
          loanActive,
          nextDue: next
            ? {
                instalmentNumber: next.number,
                dueOn: next.due_date,
                amountDue: Number(next.owed_principal) + Number(next.owed_interest) + Number(next.owed_fees) + Number(next.owed_penalties),
              }
            : null,
        };
      }
    }
  }
}
