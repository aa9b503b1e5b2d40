import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { TemplatedEmails } from '../../communications/public/index.js';
import { formatDate } from '../../platform/format/format.js';
import { escalationCutoff, grievanceReport, monthOf, RBI_COMPLAINT_PORTAL, type GrievanceReport } from '../domain/grievance.js';
import { HelpIssuesRepository, type EscalatedComplaint } from './help-issues.repository.js';

export const GRIEVANCES_QUEUE = 'grievances';
export const ESCALATE_GRIEVANCES_JOB = 'grievances.escalate';
/** Every day at 00:15 in the business time zone, after the nightly close of business. */
export const ESCALATE_GRIEVANCES_PATTERN = '15 0 * * *';

/**
 * Grievances (issue 33 item 4): complaints not resolved within 30 days of receipt are marked escalated, by a daily
 * job and on demand (POST /api/admin/grievances/escalate); the time is the CLOCK's. Each escalation is audited on
 * the issue; the borrower then sees the RBI's complaint portal on it, and is told by email (`complaint-escalated`).
 */
@Injectable()
export class Grievances {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly borrowers: BorrowerDirectory,
    private readonly emails: TemplatedEmails,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async escalate(): Promise<{ escalated: { id: string; number: number }[] }> {
    const now = this.clock.now();
    const escalated = await this.issues.escalateComplaints(escalationCutoff(now), now);
    // After the commit: the email goes through the outbox (its own retries); the mark is what the portal shows.
    for (const complaint of escalated) await this.tellBorrower(complaint);
    return { escalated: escalated.map(({ id, number }) => ({ id, number })) };
  }

  private async tellBorrower(complaint: EscalatedComplaint): Promise<void> {
    const profile = await this.borrowers.profileOf(complaint.borrower_id);
    if (!profile?.email) return;
    const officer = this.config.kfs.grievanceOfficer;
    await this.emails.send({
      event: 'complaint-escalated',
      to: profile.email,
      userId: profile.id,
      kind: 'product',
      variables: {
        borrowerName: profile.name,
        issueNumber: String(complaint.number),
        receivedOn: formatDate(complaint.created_at, this.config.businessDate.timeZone),
        officerName: officer.name,
        officerEmail: officer.email,
        rbiPortalUrl: RBI_COMPLAINT_PORTAL,
        issueUrl: `${this.config.publicUrl}/User/Help?issue=${complaint.id}`,
      },
    });
  }

  /** The month's report (YYYY-MM in the business time zone; this month by the CLOCK when none is given). */
  async report(requested?: string): Promise<GrievanceReport> {
    const month = requested ?? monthOf(this.clock.now(), this.config.businessDate.timeZone);
    // A day before the month's first midnight UTC covers its first instant in any time zone.
    const from = new Date(Date.parse(`${month}-01T00:00:00Z`) - 24 * 3600_000);
    const rows = await this.issues.complaintsTouchedSince(from);
    return grievanceReport(
      month,
      rows.map((r) => ({
        createdAt: new Date(r.created_at),
        resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
        escalatedAt: r.escalated_at === null ? null : new Date(r.escalated_at),
      })),
      this.config.businessDate.timeZone,
    );
  }
}

export class EscalateGrievances {}

@CommandHandler(EscalateGrievances)
export class EscalateGrievancesHandler implements ICommandHandler<EscalateGrievances> {
  constructor(private readonly grievances: Grievances) {}

  execute() {
    return this.grievances.escalate();
  }
}

export class GetGrievanceReport {
  constructor(readonly month: string | undefined) {}
}

@QueryHandler(GetGrievanceReport)
export class GetGrievanceReportHandler implements IQueryHandler<GetGrievanceReport> {
  constructor(private readonly grievances: Grievances) {}

  execute({ month }: GetGrievanceReport) {
    return this.grievances.report(month);
  }
}

/** The daily escalation, a BullMQ job scheduler on its own queue. */
export function escalateGrievancesJob(grievances: Grievances): JobDefinition {
  return { queue: GRIEVANCES_QUEUE, name: ESCALATE_GRIEVANCES_JOB, process: () => grievances.escalate() };
}

/** Upserted by every process at start: one schedule, in the business time zone. */
export function scheduleGrievanceEscalation(queue: QueueBackend, timeZone: string): Promise<void> {
  return queue.schedule(
    GRIEVANCES_QUEUE,
    ESCALATE_GRIEVANCES_JOB,
    { pattern: ESCALATE_GRIEVANCES_PATTERN, tz: timeZone },
    { name: ESCALATE_GRIEVANCES_JOB, data: {}, opts: { removeOnComplete: { age: 30 * 24 * 3600 }, removeOnFail: false } },
  );
}
