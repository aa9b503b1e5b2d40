import type { OfferedProduct } from '../domain/quick-start.js';

export type { OfferedProduct };

/** The application quick start opens for its new borrower: the loan step's answers, and the pay day for a salary advance. */
export type QuickStartApplication = {
  type: 'EMI' | 'salaryAdvance';
  amount: number;
  tenureMonths?: number;
  productId?: string;
  payDayOfMonth?: number;
};

/** The application as opened: its id, type and state (`new`). */
export type StartedApplication = { id: string; type: 'EMI' | 'salaryAdvance'; state: string };

/**
 * The loan products open for applications, which quick start's loan step checks the loan wanted against. Lending (above
 * origination) implements it from its product catalog. Also the DI token (Nest injects abstract classes by type).
 */
export abstract class QuickStartProducts {
  abstract offered(): Promise<OfferedProduct[]>;
}

/**
 * Opens the new borrower's application when quick start finishes. Lending (above origination) implements it with its
 * own StartLoanApplication; a repeat with the same idempotency key answers the first application. Also the DI token.
 */
export abstract class QuickStartApplications {
  abstract start(borrowerId: string, application: QuickStartApplication, idempotencyKey: string): Promise<StartedApplication>;
}
