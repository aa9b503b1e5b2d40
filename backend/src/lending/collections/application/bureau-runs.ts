import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { StaffMembers } from '../../../identity/public/index.js';
import { CustomerProfiles } from '../../../origination/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { BureauRunsTable } from '../../../platform/database/schema.js';
import { countOf, inRange } from '../../../platform/query/list-query.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { accountAsOf, monthHasEnded, reportingMonth } from '../domain/bureau/bureau-account.js';
import { bureauFileProblems, writeBureauFile, type RejectedRecord } from '../domain/bureau/bureau-file.js';
import type { BureauRecord } from '../domain/bureau/bureau-record.js';
import { BureauFileMalformed, BureauMonthNotEnded, BureauRunNotFound } from '../domain/bureau/bureau-run.errors.js';

/** A run as the API answers it (the file and the report have their own routes). */
export type BureauRun = {
  id: string;
  month: string;
  /** The month's last day: what the file reports as of. */
  asOf: string;
  generatedAt: string;
  generatedBy: { id: string; name: string | null };
  /** Disbursed loans the month reports (open at its end, closed in it, or written off and still owed). */
  loansConsidered: number;
  recordsReported: number;
  recordsRejected: number;
  fileName: string;
  fileSha256: string;
};

export type BureauRunFile = { fileName: string; text: string };

type RunRow = Omit<Selectable<BureauRunsTable>, 'file' | 'validation_report'>;

const SUMMARY = [
  'id',
  'month',
  'as_of',
  'generated_at',
  'generated_by',
  'file_sha256',
  'loans_considered',
  'records_reported',
  'records_rejected',
] as const;

const fileNameOf = (month: string) => `tudf-${month}.txt`;

/**
 * Credit bureau reporting (issue 33 item 7; docs/compliance.md): the monthly TUDF file of every loan the month
 * reports, as of the month's last day, from servicing's read model (each loan's terms and money events, folded as of
 * that day) and the borrowers' profiles. Records that cannot be reported are left out and listed for staff to fix; the
 * written file is parsed and checked again before it is stored, so a malformed file is never kept or sent.
 */
@Injectable()
export class BureauRuns {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profiles: CustomerProfiles,
    private readonly staff: StaffMembers,
  ) {}

  async generate(month: string, actor: Actor): Promise<BureauRun> {
    const today = await this.businessDate.today();
    if (!monthHasEnded(month, today)) throw new BureauMonthNotEnded(month, today);
    const period = reportingMonth(month);
    const member = this.config.bureauMember;
    const records = await this.recordsOf(period);
    const file = writeBureauFile(member, period.lastDay, records);
    const problems = bureauFileProblems(file.text, member, period.lastDay, file.reported.length);
    if (problems.length > 0) throw new BureauFileMalformed(problems);
    const row = await this.db
      .insertInto('bureau_runs')
      .values({
        id: randomUUID(),
        month,
        as_of: period.lastDay,
        generated_at: this.clock.now(),
        generated_by: actor.id,
        file: file.text,
        file_sha256: createHash('sha256').update(file.text).digest('hex'),
        loans_considered: records.length,
        records_reported: file.reported.length,
        records_rejected: file.rejected.length,
        validation_report: JSON.stringify(file.rejected) as never,
      })
      .returning(SUMMARY)
      .executeTakeFirstOrThrow();
    return (await this.views([row]))[0];
  }

  async get(id: string): Promise<BureauRun> {
    const row = await this.db.selectFrom('bureau_runs').select(SUMMARY).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BureauRunNotFound(id);
    return (await this.views([row]))[0];
  }

  /** The runs, newest first. */
  async list(range: { start: number; end: number }): Promise<{ rows: BureauRun[]; total: number }> {
    const runs = this.db.selectFrom('bureau_runs');
    const [rows, total] = await Promise.all([
      runs.select(SUMMARY).orderBy('generated_at', 'desc').orderBy('id').$call(inRange(range)).execute(),
      countOf(this.db, runs),
    ]);
    return { rows: await this.views(rows), total };
  }

  async file(id: string): Promise<BureauRunFile> {
    const row = await this.db.selectFrom('bureau_runs').select(['month', 'file']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BureauRunNotFound(id);
    return { fileName: fileNameOf(row.month), text: row.file };
  }

  /** The records the run left out, each with a reason per field. */
  async report(id: string): Promise<{ month: string; rejected: RejectedRecord[] }> {
    const row = await this.db.selectFrom('bureau_runs').select(['month', 'validation_report']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BureauRunNotFound(id);
    return { month: row.month, rejected: row.validation_report as unknown as RejectedRecord[] };
  }

  private async recordsOf(period: ReturnType<typeof reportingMonth>): Promise<BureauRecord[]> {
    const loans = await this.db
      .selectFrom('loan_servicing as ls')
      .innerJoin('loan_summaries as s', 's.id', 'ls.loan_id')
      .leftJoin('loan_borrowers as b', 'b.user_id', 's.borrower_id')
      .select(['ls.loan_id', 'ls.terms', 'ls.events', 's.borrower_id', 'b.name', 'b.phone'])
      .orderBy('ls.loan_id')
      .execute();
    const reported = loans.flatMap((loan) => {
      const terms = loan.terms as unknown as ServicingTerms;
      const account = accountAsOf(loan.loan_id, terms, loan.events as unknown as ServicingEvent[], period);
      return account ? [{ loan, account }] : [];
    });
    const identities = new Map(
      (await this.profiles.reportingIdentitiesOf([...new Set(reported.map(({ loan }) => loan.borrower_id))])).map((i) => [i.borrowerId, i]),
    );
    return reported.map(({ loan, account }) => {
      const identity = identities.get(loan.borrower_id);
      return {
        loanId: loan.loan_id,
        loanType: (loan.terms as unknown as ServicingTerms).loanType,
        borrowerId: loan.borrower_id,
        subject: {
          name: loan.name ?? '',
          dateOfBirth: identity?.dateOfBirth ?? null,
          gender: identity?.gender ?? null,
          pan: identity?.pan ?? null,
          phone: loan.phone,
          address: identity?.address ?? null,
        },
        account,
      };
    });
  }

  private async views(rows: RunRow[]): Promise<BureauRun[]> {
    const names = new Map((await this.staff.membersOf([...new Set(rows.map((r) => r.generated_by))])).map((m) => [m.id, m.name]));
    return rows.map((r) => ({
      id: r.id,
      month: r.month,
      asOf: r.as_of,
      generatedAt: new Date(r.generated_at).toISOString(),
      generatedBy: { id: r.generated_by, name: names.get(r.generated_by) ?? null },
      loansConsidered: r.loans_considered,
      recordsReported: r.records_reported,
      recordsRejected: r.records_rejected,
      fileName: fileNameOf(r.month),
      fileSha256: r.file_sha256,
    }));
  }
}
