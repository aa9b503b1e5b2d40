import type { PennyDropAnswer } from '../domain/bank-verification.js';

/** What is asked of the bank: a small credit to this account, and the name it holds the account in. */
export type PennyDropRequest = { loanId: string; accountNumber: string; ifsc: string; holderName: string };

/**
 * The penny drop (DESIGN §2: every outside system is a port): a provider credits a small amount (₹1) to the account
 * and answers whether the bank accepted it and the holder's name as the bank knows it. A refusal by the bank is an
 * answer (`failed`), not an exception; an exception means the provider could not be asked (the stage answers 5xx and
 * records nothing). docs/origination.md shows the shape of a real adapter (Razorpay Fund Account Validation,
 * Cashfree, Decentro). Adapters never log the account number.
 */
export interface PennyDrop {
  readonly name: string;
  verify(request: PennyDropRequest): Promise<PennyDropAnswer>;
}

export const PENNY_DROP = Symbol('PENNY_DROP');
