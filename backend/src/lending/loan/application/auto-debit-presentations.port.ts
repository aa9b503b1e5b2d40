/** What close of business's auto-debit step did for a date: instalments decided (presented, notified or sent to manual collection) and presentations sent to the provider. */
export type AutoDebitStepResult = { presentationsDecided: number; presentationsSent: number };

/**
 * Close of business's auto-debit step (docs/mandates.md, "Presentations"), provided by lending/mandates and called
 * by collections' close of business after ageing: a slice never imports another, so they meet at this port in the
 * loan core. Idempotent: run again for the same date, it decides nothing twice and sends only what was left unsent.
 */
export abstract class AutoDebitPresentations {
  /** Presents the instalments due by `date` (never after the business date) on loans with an active mandate. */
  abstract presentFor(date: string): Promise<AutoDebitStepResult>;
}
