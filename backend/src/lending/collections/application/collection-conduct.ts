import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { CustomerProfiles } from '../../../origination/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { addDays } from '../../loan/domain/calendar.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import { CollectionConduct, type ContactDay, type IntendedContact } from '../../public/collection-conduct.port.js';
import {
  collectionContactWindow,
  contactCap,
  ContactCapReached,
  isCollectionContact,
  mayContactAboutDebt,
  OutsideContactWindow,
  ReferenceNotContacted,
} from '../domain/recovery-conduct.js';
import { CONTACT_WINDOW, localTimeOf } from '../domain/reminders.js';

/** What staff see of a borrower's recovery conduct on a loan's page. */
export type ContactConductView = {
  loanId: string;
  borrowerId: string;
  timeZone: string;
  window: { open: boolean; opens: string; closes: string; localTime: string; reason: string | null; opensAt: string | null };
  today: { date: string; count: number; max: number; left: number };
  days: ContactDay[];
  log: { at: string; channel: string; outcome: string; by: string; loanId: string; note: string }[];
  heldReminders: { loanId: string; instalmentNumber: number; kind: string; scheduledFor: string; reason: string }[];
};

/** How many days of contact counts staff see. */
export const CONTACT_DAYS_SHOWN = 30;

/**
 * lending/public's CollectionConduct, and the staff view of it. A borrower's contacts on a business date are every
 * entry of the contact log (collection_contacts: the dialer, the IVR, WhatsApp, a collector's visit or call) on their
 * loans on that date, and every collection reminder that went out for that date (collection_reminder_outcomes: email
 * and push). The borrower's time zone is the business time zone (BUSINESS_TIMEZONE): borrowers are in India, which
 * has one time zone; a profile field would be read here if borrowers abroad were served.
 */
@Injectable()
export class CollectionConductRules implements CollectionConduct {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    private readonly directory: BorrowerDirectory,
    private readonly profiles: CustomerProfiles,
  ) {}

  private get timeZone(): string {
    return this.config.businessDate.timeZone;
  }

  async assertMayContact({ loanId, channel, phone }: IntendedContact): Promise<void> {
    const { borrowerId, dpd } = await this.loanOf(loanId);
    if (!isCollectionContact(channel, dpd)) return;
    const window = collectionContactWindow(localTimeOf(this.clock.now(), this.timeZone), channel);
    if (!window.open) throw new OutsideContactWindow(window.reason, window.opensAt);
    if (phone !== undefined) {
      const [borrower, references] = await Promise.all([this.directory.profileOf(borrowerId), this.referencePhones(borrowerId)]);
      const decision = mayContactAboutDebt(phone, borrower?.phone ?? null, references);
      if (!decision.allowed) throw new ReferenceNotContacted(decision.reason);
    }
    const today = await this.businessDate.today();
    const count = await this.countOn(borrowerId, today);
    const cap = contactCap(count, this.config.collections.contactsPerDayMax);
    if (!cap.allowed) throw new ContactCapReached(cap.reason, count, this.config.collections.contactsPerDayMax);
  }

  async contactsToday(loanId: string): Promise<{ date: string; count: number; max: number }> {
    const borrowerId = await this.borrowerOf(loanId);
    const date = await this.businessDate.today();
    return { date, count: await this.countOn(borrowerId, date), max: this.config.collections.contactsPerDayMax };
  }

  /** The loan's page: the window now, today's count against the cap, the last 30 days, the log of every channel, held reminders. */
  async view(loanId: string): Promise<ContactConductView> {
    const borrowerId = await this.borrowerOf(loanId);
    const now = this.clock.now();
    const local = localTimeOf(now, this.timeZone);
    const window = collectionContactWindow(local, 'call');
    const today = await this.businessDate.today();
    const since = addDays(today, -(CONTACT_DAYS_SHOWN - 1));
    const entries = await this.entries(borrowerId, since, today);
    const byDate = new Map<string, ContactDay>();
    for (const entry of entries) {
      const day = byDate.get(entry.date) ?? { date: entry.date, count: 0, byChannel: {} };
      day.count += 1;
      day.byChannel[entry.channel] = (day.byChannel[entry.channel] ?? 0) + 1;
      byDate.set(entry.date, day);
    }
    const count = byDate.get(today)?.count ?? 0;
    const max = this.config.collections.contactsPerDayMax;
    const held = await this.db
      .selectFrom('collection_reminders as r')
      .innerJoin('loan_summaries as l', 'l.id', 'r.loan_id')
      .select(['r.loan_id', 'r.instalment_number', 'r.kind', 'r.scheduled_for'])
      .where('l.borrower_id', '=', borrowerId)
      .where('r.status', '=', 'queued')
      .orderBy('r.scheduled_for')
      .execute();
    return {
      loanId,
      borrowerId,
      timeZone: this.timeZone,
      window: {
        open: window.open,
        opens: CONTACT_WINDOW.opens,
        closes: CONTACT_WINDOW.closes,
        localTime: `${local.date} ${local.time}`,
        reason: window.open ? null : window.reason,
        opensAt: window.open ? null : `${window.opensAt.date} ${window.opensAt.time}`,
      },
      today: { date: today, count, max, left: Math.max(0, max - count) },
      days: [...byDate.values()].sort((a, b) => b.date.localeCompare(a.date)),
      log: entries
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((e) => ({ at: e.at.toISOString(), channel: e.channel, outcome: e.outcome, by: e.by, loanId: e.loanId, note: e.note })),
      heldReminders: held.map((r) => {
        const sendAt = localTimeOf(r.scheduled_for, this.timeZone);
        return {
          loanId: r.loan_id,
          instalmentNumber: r.instalment_number,
          kind: r.kind,
          scheduledFor: r.scheduled_for.toISOString(),
          reason:
            r.scheduled_for.getTime() > now.getTime()
              ? `Held until ${sendAt.time} on ${sendAt.date}: collection contact only between ${CONTACT_WINDOW.opens} and ${CONTACT_WINDOW.closes} in the borrower's time zone.`
              : 'Due now: it goes out with the next run of the reminder job.',
        };
      }),
    };
  }

  private async loanOf(loanId: string): Promise<{ borrowerId: string; dpd: number }> {
    const loan = await this.db.selectFrom('loan_summaries').select(['borrower_id', 'dpd']).where('id', '=', loanId).executeTakeFirst();
    if (!loan) throw new LoanNotFound(loanId);
    return { borrowerId: loan.borrower_id, dpd: Number(loan.dpd) };
  }

  private async borrowerOf(loanId: string): Promise<string> {
    const loan = await this.db.selectFrom('loan_summaries').select('borrower_id').where('id', '=', loanId).executeTakeFirst();
    if (!loan) throw new LoanNotFound(loanId);
    return loan.borrower_id;
  }

  /** The phones of the borrower's Reference section (origination), never to be contacted about a debt. */
  private async referencePhones(borrowerId: string): Promise<string[]> {
    const profile = await this.profiles.profileOf(borrowerId);
    const section = profile.sections.find((s) => s.section === 'reference');
    const references = (section?.data?.references ?? []) as { phone?: unknown }[];
    return references.map((r) => r.phone).filter((p): p is string => typeof p === 'string');
  }

  private async countOn(borrowerId: string, date: string): Promise<number> {
    return (await this.entries(borrowerId, date, date)).length;
  }

  /** Every collection contact of the borrower's loans on business dates `from`..`to`: the contact log and the reminders sent. */
  private async entries(borrowerId: string, from: string, to: string) {
    const [logged, reminders] = await Promise.all([
      this.db
        .selectFrom('collection_contacts as c')
        .innerJoin('loan_summaries as l', 'l.id', 'c.loan_id')
        .select(['c.loan_id', 'c.channel', 'c.outcome', 'c.note', 'c.business_date', 'c.recorded_by', 'c.recorded_at'])
        .where('l.borrower_id', '=', borrowerId)
        .where('c.business_date', '>=', from)
        .where('c.business_date', '<=', to)
        .execute(),
      this.db
        .selectFrom('collection_reminder_outcomes as r')
        .innerJoin('loan_summaries as l', 'l.id', 'r.loan_id')
        .select(['r.loan_id', 'r.kind', 'r.at', sql<string>`to_char(r.due_on + r.offset_days, 'YYYY-MM-DD')`.as('day')])
        .where('l.borrower_id', '=', borrowerId)
        .where('r.outcome', '=', 'sent')
        .where(sql<boolean>`r.due_on + r.offset_days BETWEEN ${from}::date AND ${to}::date`)
        .execute(),
    ]);
    return [
      ...logged.map((c) => ({
        date: typeof c.business_date === 'string' ? c.business_date : String(c.business_date),
        at: new Date(c.recorded_at as unknown as string | Date),
        channel: c.channel,
        outcome: c.outcome,
        by: c.recorded_by,
        loanId: c.loan_id,
        note: c.note,
      })),
      ...reminders.map((r) => ({
        date: r.day,
        at: r.at,
        channel: 'reminder',
        outcome: 'sent',
        by: 'system:collection-reminders',
        loanId: r.loan_id,
        note: `${r.kind} reminder (email and push)`,
      })),
    ];
  }
}

export class GetContactConductQuery extends Query<ContactConductView> {
  constructor(readonly loanId: string) {
    super();
  }
}

@QueryHandler(GetContactConductQuery)
export class GetContactConductHandler implements IQueryHandler<GetContactConductQuery> {
  constructor(private readonly rules: CollectionConductRules) {}

  execute({ loanId }: GetContactConductQuery): Promise<ContactConductView> {
    return this.rules.view(loanId);
  }
}
