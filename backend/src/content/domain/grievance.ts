/**
 * Grievances (issue 33 item 4): a borrower's help issue of category `complaint` is a grievance. Its owner is the
 * grievance redressal officer the Key Facts Statement names; not resolved within 30 days of receipt, it is escalated
 * and the borrower is shown the RBI's complaint portal. Pure: the times arrive as arguments.
 *
 * RBI Integrated Ombudsman Scheme, 2021, clause 10(1)(a)(ii): a complaint may be lodged with the Ombudsman when the
 * regulated entity "had rejected the complaint wholly or partly, and the complainant is not satisfied with the reply;
 * or the complainant had not received any reply within 30 days after the Regulated Entity received the complaint".
 */
export const GRIEVANCE_CATEGORY = 'complaint';
export const GRIEVANCE_SLA_DAYS = 30;
export const RBI_COMPLAINT_PORTAL = 'https://cms.rbi.org.in';

const DAY = 24 * 3600_000;

/** How a borrower uses the RBI's Complaint Management System, shown with the link once their complaint is escalated. */
export const RBI_PORTAL_STEPS: readonly string[] = [
  'Open https://cms.rbi.org.in and choose "File A Complaint".',
  'Enter your mobile number and the one-time code the site sends you.',
  'Choose our name as the regulated entity and describe the complaint; quote our complaint number.',
  'Attach our replies, if any, and submit: the site gives you a reference number to follow the complaint.',
  'You may also call the RBI contact centre on 14448 or write to the Centralised Receipt and Processing Centre, RBI, Chandigarh.',
];

export type GrievanceClock = { category: string; status: string; createdAt: Date; escalatedAt: Date | null };

/** When the complaint must be resolved by: 30 days (30 × 24 hours) after it was received. */
export const grievanceDueAt = (createdAt: Date): Date => new Date(createdAt.getTime() + GRIEVANCE_SLA_DAYS * DAY);

/** The latest receipt time of a complaint that is due for escalation at `now`. */
export const escalationCutoff = (now: Date): Date => new Date(now.getTime() - GRIEVANCE_SLA_DAYS * DAY);

/**
 * Whether a complaint is escalated at `now`: a complaint not yet escalated, still not resolved (open or in
 * progress), received 30 days or more ago (exactly 30 days after receipt it is escalated; a second before, not).
 */
export function shouldEscalate(issue: GrievanceClock, now: Date): boolean {
  return (
    issue.category === GRIEVANCE_CATEGORY &&
    issue.escalatedAt === null &&
    (issue.status === 'open' || issue.status === 'inProgress') &&
    now.getTime() >= grievanceDueAt(issue.createdAt).getTime()
  );
}

/** A complaint as the monthly report reads it. */
export type ReportedGrievance = { createdAt: Date; resolvedAt: Date | null; escalatedAt: Date | null };

export type GrievanceReport = {
  month: string;
  received: number;
  resolved: number;
  resolvedWithinSla: number;
  escalated: number;
  slaDays: number;
};

/** The calendar month (YYYY-MM) of an instant in `timeZone`. */
export function monthOf(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}`;
}

/**
 * The month's grievance report (`month` YYYY-MM in the business time zone): complaints received in the month,
 * resolved in the month, of those resolved within 30 days of receipt, and escalated in the month.
 */
export function grievanceReport(month: string, complaints: readonly ReportedGrievance[], timeZone: string): GrievanceReport {
  const inMonth = (at: Date | null) => at !== null && monthOf(at, timeZone) === month;
  const resolved = complaints.filter((c) => inMonth(c.resolvedAt));
  return {
    month,
    received: complaints.filter((c) => inMonth(c.createdAt)).length,
    resolved: resolved.length,
    resolvedWithinSla: resolved.filter((c) => c.resolvedAt!.getTime() <= grievanceDueAt(c.createdAt).getTime()).length,
    escalated: complaints.filter((c) => inMonth(c.escalatedAt)).length,
    slaDays: GRIEVANCE_SLA_DAYS,
  };
}

/** The report as CSV: a header line and one line for the month. */
export function grievanceReportCsv(report: GrievanceReport): string {
  return (
    'month,received,resolved,resolved_within_sla,escalated,sla_days\r\n' +
    `${report.month},${report.received},${report.resolved},${report.resolvedWithinSla},${report.escalated},${report.slaDays}\r\n`
  );
}
