import type { CloseOfBusinessRun } from '@lending/web-common/api';

/** The day a run from the console closes through: the day before the business date (YYYY-MM-DD). */
export function closedThrough(businessDate: string): string {
  const [year, month, day] = businessDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** How far a run has got, 0–100 (a run with nothing to visit is done once it completes). */
export function runProgress(run: Pick<CloseOfBusinessRun, 'status' | 'loansVisited' | 'loansToVisit'>): number {
  if (run.status !== 'running') return 100;
  if (run.loansToVisit === 0) return 0;
  return Math.min(100, Math.round((run.loansVisited / run.loansToVisit) * 100));
}

/** What a run did, in the words staff read on the business date page. */
export function runSummary(run: CloseOfBusinessRun): [string, number][] {
  return [
    ['Loans aged', run.loansAged],
    ['Loans reclassified', run.reclassified],
    ['Penal charges applied', run.penaltiesApplied],
    ['Reminders queued', run.remindersQueued],
    ['Auto-debits decided', run.presentationsDecided],
    ['Auto-debits sent', run.presentationsSent],
    ['Events recorded', run.eventsAppended],
  ];
}
