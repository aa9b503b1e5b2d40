import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { sql } from 'kysely';
import { addBulkWithin, QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import { reminderRecorded, type RecordCollectionReminder } from '../domain/reminder-outcomes.js';
import { contactWindowDelay, reminderDueDates, remindersDueOn, type DueReminder, type ReminderKind } from '../domain/reminders.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor, type LoadedLoan } from '../../loan/application/loan-command-executor.js';
import { LoanMessages } from '../../public/loan-messages.port.js';

export const COLLECTION_REMINDERS_QUEUE = 'collection-reminders';
export const SEND_REMINDER_JOB = 'collection-reminders.send';
export const SWEEP_REMINDERS_JOB = 'collection-reminders.sweep';
/** How long close of business waits for the queue per reminder before leaving it to the sweep (Redis down). */
const ENQUEUE_TIMEOUT_MS = 2000;
const SWEEP_BATCH = 500;

export type ReminderKey = { loanId: string; instalmentNumber: number; offsetDays: number };

/** Who records a reminder's outcome in the loan's stream: the reminder job, for the lender. */
export const COLLECTION_REMINDERS_ACTOR: Actor = { id: 'system:collection-reminders', role: 'staff' };

type Outcome = { outcome: 'sent'; channels: ('email' | 'push')[]; emailId: string | null } | { outcome: 'skipped-paid' };

/** One job per (loan, instalment, offset): a second COB run for the same date adds nothing while the job exists. */
export const reminderJobId = ({ loanId, instalmentNumber, offsetDays }: ReminderKey) =>
  `reminder-${loanId}-${instalmentNumber}-${offsetDays}`;

/** What is still owed on the instalment: the domain's owedOf, as the loan-servicing projection keeps it (migration 0038). */
const owed = (i: { owed_principal: string; owed_interest: string; owed_fees: string; owed_penalties: string }) =>
  Number(i.owed_principal) + Number(i.owed_interest) + Number(i.owed_fees) + Number(i.owed_penalties);

/** Reminders written and queued per round trip (one multi-row INSERT, one addBulk): well under PostgreSQL's 65,535 parameters. */
export const REMINDER_BATCH = 1_000;

/**
 * Collection reminders (issue 13), a step of close of business run after ageing, apart from the per-loan decider:
 * for business date D it selects the reminders due on D from the read models (loan_instalments of active loans),
 * writes each to `collection_reminders` (the job's outbox, which the sweep reads) and queues one job, delayed until
 * the contact window opens. The job (jobs/collection-reminder.job.ts) checks again that the instalment is unpaid and
 * sends it through the LoanMessages port: communications' email (the event's active template, or the shipped default
 * when staff deactivated every template of it: a reminder is the product's own email, not one staff can silence) and
 * a push. What became of the reminder is an event in the loan's stream (CollectionReminderSent,
 * CollectionReminderSkipped), which the `Reminder` bucket reads through its projection.
 */
@Injectable()
export class CollectionReminders {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly messages: LoanMessages,
    private readonly executor: LoanCommandExecutor,
  ) {}

  /** Queues the reminders due on `date`, delayed by the contact window at the clock's now. Answers how many were new. */
  async queueDueOn(date: string): Promise<{ queued: number }> {
    const now = this.clock.now();
    const offsets = { before: this.config.reminders.daysBefore, after: this.config.reminders.daysAfter };
    const dueDates = reminderDueDates(offsets, date);
    if (dueDates.length === 0) return { queued: 0 };
    const rows = await this.db
      .selectFrom('loan_instalments as i')
      .innerJoin('loan_summaries as l', 'l.id', 'i.loan_id')
      .select([
        'i.loan_id',
        'i.number',
        'i.due_date',
        'i.paid_on',
        'i.owed_principal',
        'i.owed_interest',
        'i.owed_fees',
        'i.owed_penalties',
      ])
      .where('l.state', '=', 'active')
      .where('i.due_date', 'in', dueDates)
      .orderBy('i.loan_id')
      .orderBy('i.number')
      .execute();
    const byLoan = new Map<string, typeof rows>();
    for (const row of rows) byLoan.set(row.loan_id, [...(byLoan.get(row.loan_id) ?? []), row]);
    const { sendAt, delayMs } = contactWindowDelay(now, this.config.businessDate.timeZone);
    const reminders: { loanId: string; reminder: DueReminder }[] = [];
    for (const [loanId, instalments] of byLoan) {
      const due = remindersDueOn(
        instalments.map((i) => ({ number: i.number, dueDate: i.due_date, amountDue: owed(i), paidOn: i.paid_on })),
        offsets,
        date,
      );
      for (const reminder of due) reminders.push({ loanId, reminder });
    }
    let queued = 0;
    for (let start = 0; start < reminders.length; start += REMINDER_BATCH) {
      const batch = reminders.slice(start, start + REMINDER_BATCH);
      queued += await this.record(batch, sendAt);
      // The rows are the outbox: if the queue does not take the jobs now (Redis down), the sweep adds them later.
      await this.enqueue(
        batch.map(({ loanId, reminder }) => ({ loanId, instalmentNumber: reminder.instalmentNumber, offsetDays: reminder.offsetDays })),
        delayMs,
      ).catch(() => undefined);
    }
    return { queued };
  }

  /** The rows are written once (one multi-row INSERT per batch): a repeat run finds them. Answers how many were new. */
  private async record(batch: readonly { loanId: string; reminder: DueReminder }[], scheduledFor: Date): Promise<number> {
    const inserted = await this.db
      .insertInto('collection_reminders')
      .values(
        batch.map(({ loanId, reminder }) => ({
          loan_id: loanId,
          instalment_number: reminder.instalmentNumber,
          offset_days: reminder.offsetDays,
          kind: reminder.kind,
          due_on: reminder.dueOn,
          scheduled_for: scheduledFor,
        })),
      )
      .onConflict((oc) => oc.columns(['loan_id', 'instalment_number', 'offset_days']).doNothing())
      .returning('loan_id')
      .execute();
    return inserted.length;
  }

  /**
   * The outbox sweep (a job scheduler, every EMAIL_SWEEP_INTERVAL_MS): a reminder still `queued` after
   * EMAIL_STALE_AFTER_MS whose job the queue does not know (never added while Redis was down, or lost with a Redis
   * restarted without its data) gets its job again, delayed to its contact window. Answers the reminders re-added.
   */
  async sweep(): Promise<{ requeued: number }> {
    const stale = await this.db
      .selectFrom('collection_reminders')
      .select(['loan_id', 'instalment_number', 'offset_days', 'scheduled_for'])
      .where('status', '=', 'queued')
      .where('created_at', '<', sql<Date>`now() - ${this.config.outboxSweep.staleAfterMs} * interval '1 millisecond'`)
      .orderBy('created_at')
      .limit(SWEEP_BATCH)
      .execute();
    const jobs = this.queue.queue(COLLECTION_REMINDERS_QUEUE);
    let requeued = 0;
    for (const row of stale) {
      const key = { loanId: row.loan_id, instalmentNumber: row.instalment_number, offsetDays: row.offset_days };
      if ((await jobs.getJobState(reminderJobId(key))) !== 'unknown') continue;
      await this.enqueue([key], Math.max(0, row.scheduled_for.getTime() - this.clock.now().getTime()));
      requeued += 1;
    }
    return { requeued };
  }

  /** One addBulk per batch, bounded in time; each job keeps its idempotent id, so re-adding one that exists is a no-op. */
  private enqueue(keys: readonly ReminderKey[], delayMs: number): Promise<void> {
    return addBulkWithin(
      this.queue,
      ENQUEUE_TIMEOUT_MS,
      COLLECTION_REMINDERS_QUEUE,
      keys.map((key) => ({
        name: SEND_REMINDER_JOB,
        data: key,
        options: {
          jobId: reminderJobId(key),
          delay: delayMs,
          attempts: 5,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: { age: 30 * 24 * 3600 },
          removeOnFail: false,
        },
      })),
    );
  }

  /**
   * The job: a reminder still queued is sent unless its instalment was paid meanwhile (`skipped-paid`); either way the
   * outcome is appended to the loan's stream. A reminder whose outcome the stream holds is left alone, so a job run
   * twice sends once and appends once; the email's and the push's dedupe keys guard the outboxes too. A job that runs
   * outside the contact window (a retry, the sweep) sends nothing: it is queued again for the window's opening (`held`).
   */
  async send(key: ReminderKey): Promise<'sent' | 'skipped-paid' | 'failed' | 'done already' | 'held'> {
    const reminder = await this.db
      .selectFrom('collection_reminders')
      .selectAll()
      .where('loan_id', '=', key.loanId)
      .where('instalment_number', '=', key.instalmentNumber)
      .where('offset_days', '=', key.offsetDays)
      .executeTakeFirst();
    if (!reminder || reminder.status !== 'queued') return 'done already';
    const where = this.db
      .updateTable('collection_reminders')
      .where('loan_id', '=', key.loanId)
      .where('instalment_number', '=', key.instalmentNumber)
      .where('offset_days', '=', key.offsetDays);
    const loaded = await this.executor.load(key.loanId);
    if (loaded.state.status !== 'none' && reminderRecorded(loaded.state, key)) {
      // Recorded by an earlier run that stopped before marking the outbox row: mark it from the projection.
      const done = await this.db
        .selectFrom('collection_reminder_outcomes')
        .selectAll()
        .where('loan_id', '=', key.loanId)
        .where('instalment_number', '=', key.instalmentNumber)
        .where('offset_days', '=', key.offsetDays)
        .executeTakeFirst();
      if (done)
        await where.set({ status: done.outcome, sent_at: done.outcome === 'sent' ? done.at : null, email_id: done.email_id }).execute();
      return 'done already';
    }
    const identity = { kind: reminder.kind, dueOn: reminder.due_on };
    const found = await this.db
      .selectFrom('loan_instalments as i')
      .innerJoin('loan_summaries as l', 'l.id', 'i.loan_id')
      .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
      .select([
        'i.due_date',
        'i.owed_principal',
        'i.owed_interest',
        'i.owed_fees',
        'i.owed_penalties',
        'l.state',
        'l.borrower_id',
        'l.amount',
        'l.type',
        'b.name',
        'b.email',
      ])
      .where('i.loan_id', '=', key.loanId)
      .where('i.number', '=', key.instalmentNumber)
      .executeTakeFirst();
    if (!found || owed(found) <= 0 || found.state !== 'active') {
      await this.recordOutcome(key, identity, { outcome: 'skipped-paid' }, this.clock.now(), loaded);
      await where.set({ status: 'skipped-paid' }).execute();
      return 'skipped-paid';
    }
    // Recovery conduct: a job that runs outside 08:00–19:00 (a retry, the sweep's re-add) waits for the window again.
    const window = contactWindowDelay(this.clock.now(), this.config.businessDate.timeZone);
    if (window.held) {
      await where.set({ scheduled_for: window.sendAt }).execute();
      await this.queue.add(COLLECTION_REMINDERS_QUEUE, SEND_REMINDER_JOB, key, {
        jobId: `${reminderJobId(key)}-held-${window.sendAt.getTime()}`,
        delay: window.delayMs,
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 30 * 24 * 3600 },
        removeOnFail: false,
      });
      return 'held';
    }
    // The email (the product's own: with no active template the shipped default goes out) and a push to the borrower's
    // registered devices; each idempotent per reminder.
    const { emailId, pushes } = await this.messages.sendInstalmentReminder({
      reminderId: reminderJobId(key),
      kind: reminder.kind,
      loanId: key.loanId,
      loanType: found.type === 'salaryAdvance' ? 'salaryAdvance' : 'EMI',
      amount: Number(found.amount),
      instalmentNumber: key.instalmentNumber,
      dueOn: reminder.due_on,
      amountDue: owed(found),
      daysPastDue: Math.max(key.offsetDays, 0),
      borrower: { id: found.borrower_id, name: found.name, email: found.email },
    });
    if (!emailId) {
      await where.set({ status: 'failed', failure: 'no active template for this event' }).execute();
      return 'failed';
    }
    const sentAt = this.clock.now();
    await this.recordOutcome(
      key,
      identity,
      { outcome: 'sent', channels: pushes > 0 ? ['email', 'push'] : ['email'], emailId },
      sentAt,
      loaded,
    );
    await where.set({ status: 'sent', sent_at: sentAt, email_id: emailId }).execute();
    return 'sent';
  }

  /**
   * Appends the reminder's outcome to the loan's stream, keyed by the reminder (a retried job, or two runs racing,
   * append once). A concurrent write to the loan (a payment, close of business) is met by deciding again on the new
   * version, where an outcome already recorded appends nothing.
   */
  private async recordOutcome(
    key: ReminderKey,
    identity: { kind: ReminderKind; dueOn: string },
    outcome: Outcome,
    at: Date,
    loaded: LoadedLoan,
  ): Promise<void> {
    const { loanId, instalmentNumber, offsetDays } = key;
    const command = {
      type: 'RecordCollectionReminder',
      data: { loanId, at: at.toISOString(), actor: COLLECTION_REMINDERS_ACTOR, instalmentNumber, offsetDays, ...identity, ...outcome },
    } as RecordCollectionReminder;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.executor.execute(command, {
          idempotencyKey: reminderJobId(key),
          request: { instalmentNumber, offsetDays },
          ...(attempt === 1 ? { loaded } : {}),
        });
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }

  /** When the last reminder of an instalment went out (the `Reminder` bucket's projection); null when none has. */
  async lastReminderAt(loanId: string, instalmentNumber: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('collection_reminder_outcomes')
      .select((eb) => eb.fn.max('at').as('last'))
      .where('loan_id', '=', loanId)
      .where('instalment_number', '=', instalmentNumber)
      .where('outcome', '=', 'sent')
      .executeTakeFirst();
    return row?.last ?? null;
  }
}
