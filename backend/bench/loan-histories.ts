import { createHash, randomUUID } from 'node:crypto';
import type { LoanCommand } from '../src/lending/loan/domain/loan.commands.js';
import { decide } from '../src/lending/loan/domain/loan.decide.js';
import type { LoanEvent } from '../src/lending/loan/domain/loan.events.js';
import { evolve, initialLoanState, type LoanRecord, type LoanState } from '../src/lending/loan/domain/loan.state.js';
import { LOAN_STATES, type Actor, type LoanMessageBase, type LoanStatus } from '../src/lending/loan/domain/loan.types.js';
import type { ProductSettings } from '../src/platform/config/product-settings.js';
import { defaultProductParameters, type ProductParameters } from '../src/lending/loan/domain/terms/loan-product.js';
import { seededRandom } from './measure.js';

/** One event of a loan's history with what the command executor stores next to it. */
export type LoanStep = { event: LoanEvent; commandType: LoanCommand['type']; actor: Actor };
export type GeneratedLoan = { loanId: string; borrowerId: string; status: LoanStatus; steps: LoanStep[] };
export type Population = { borrowerIds: readonly string[]; staffIds: readonly string[] };

/** The pipeline's states in order, new to active (LOAN_STATES ends with the two exits, rejected and cancelled). */
const PIPELINE: readonly LoanStatus[] = LOAN_STATES.slice(0, LOAN_STATES.indexOf('active') + 1);

/** Where generated loans end up: a back office with a fifth of its book waiting for the soft check. */
const OUTCOMES: readonly [LoanStatus, number][] = [
  ['new', 4],
  ['applied', 8],
  ['soft.pending', 20],
  ['bank.pending', 8],
  ['consent.pending', 5],
  ['consent.customerpending', 5],
  ['final.pending', 4],
  ['disbursal.pending', 4],
  ['active', 25],
  ['rejected', 12],
  ['cancelled', 5],
];
const REJECTED_FROM: readonly LoanStatus[] = [
  'applied',
  'soft.pending',
  'soft.pending',
  'soft.pending',
  'bank.pending',
  'consent.pending',
  'final.pending',
];
const CANCELLED_FROM: readonly LoanStatus[] = ['new', 'applied', 'soft.pending', 'consent.customerpending'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Realistic loan histories made by the domain itself: every event comes out of the real `decide` applied to the
 * state folded by the real `evolve`, so the log is exactly what the API would have written (business times and
 * actors included) and replays through the projections without error.
 */
export class LoanHistoryGenerator {
  private readonly random: () => number;
  private readonly outcomeTotal = OUTCOMES.reduce((sum, [, w]) => sum + w, 0);

  constructor(
    private readonly population: Population,
    private readonly params: ProductSettings,
    seed: number,
    /** Business times are spread over the `spreadDays` before `until`. */
    private readonly until = Date.now() - 30 * DAY,
    private readonly spreadDays = 365,
    /** Terms laid over the default products (e.g. grace days and a penal charge for the aged book of cob-bench.ts). */
    private readonly productTerms: Partial<Pick<ProductParameters, 'graceDays' | 'penalChargeFlat'>> = {},
  ) {
    if (population.borrowerIds.length === 0 || population.staffIds.length === 0)
      throw new Error('the loan generator needs borrowers and staff');
    this.random = seededRandom(seed);
  }

  /** A loan taken to a weighted-random end state (or to `target`), one event per command. */
  next(target?: LoanStatus): GeneratedLoan {
    const status = target ?? this.pickOutcome();
    const borrowerId = this.pick(this.population.borrowerIds);
    const borrower: Actor = { id: borrowerId, role: 'borrower' };
    const loanId = randomUUID();
    let at = this.until - this.random() * this.spreadDays * DAY;
    let state: LoanState = initialLoanState;
    const steps: LoanStep[] = [];

    const emi = this.random() < 0.7;
    const product = { ...defaultProductParameters(this.params, emi ? 'EMI' : 'salaryAdvance'), ...this.productTerms };
    const run = (command: LoanCommand): void => {
      const events = decide(command, state, product);
      if (events.length !== 1) throw new Error(`generator: ${command.type} decided ${events.length} events`);
      state = evolve(state, events[0]);
      steps.push({ event: events[0], commandType: command.type, actor: command.data.actor });
    };
    const base = (actor: Actor): LoanMessageBase => {
      at += 10 * 60_000 + this.random() * 2 * DAY; // ten minutes to two days between steps
      return { loanId, at: new Date(at).toISOString(), actor };
    };
    const staff = (): Actor => ({ id: this.pick(this.population.staffIds), role: 'staff' });

    const limits = emi ? this.params.EMI : this.params.salaryAdvance;
    const amount = this.amountBetween(limits.minAmount, limits.maxAmount);
    run({
      type: 'StartLoanApplication',
      data: {
        ...base(borrower),
        borrowerId,
        loanType: emi ? 'EMI' : 'salaryAdvance',
        amount,
        ...(emi
          ? { tenureMonths: this.intBetween(this.params.EMI.minTenureMonths, this.params.EMI.maxTenureMonths) }
          : this.random() < 0.6
            ? { payDayOfMonth: this.intBetween(1, 28) }
            : {}),
      },
    });
    if (this.random() < 0.1) {
      const amended = this.amountBetween(limits.minAmount, limits.maxAmount);
      if (amended !== amount) run({ type: 'AmendLoanApplication', data: { ...base(borrower), amount: amended } });
    }

    const stopAt = status === 'rejected' ? this.pick(REJECTED_FROM) : status === 'cancelled' ? this.pick(CANCELLED_FROM) : status;
    while (state.status !== stopAt) {
      const loan = state as LoanRecord;
      switch (loan.status) {
        case 'new':
          run({ type: 'SubmitLoanApplication', data: { ...base(borrower), missingProfileFields: [] } });
          break;
        case 'applied':
          run({ type: 'AcceptLoanApplication', data: base(staff()) });
          break;
        case 'soft.pending': {
          const lowered = this.random() < 0.2 ? this.amountBetween(limits.minAmount, loan.amount) : undefined;
          run({
            type: 'ApproveSoftCheck',
            data: { ...base(staff()), score: this.intBetween(560, 880), ...(lowered !== undefined && { approvedAmount: lowered }) },
          });
          break;
        }
        case 'bank.pending':
          run({
            type: 'ApproveBankVerification',
            data: {
              ...base(staff()),
              reason: 'Cancelled cheque checked',
              check: {
                method: 'manual',
                account: {
                  holderName: 'Bench Borrower',
                  accountLast4: String(this.intBetween(0, 9999)).padStart(4, '0'),
                  ifsc: 'HDFC0001234',
                  accountType: 'savings',
                },
              },
            },
          });
          break;
        case 'consent.pending':
          run({
            type: 'IssueAgreement',
            data: { ...base(staff()), documentHash: createHash('sha256').update(`agreement ${loanId}`).digest('hex') },
          });
          break;
        case 'consent.customerpending':
          run({ type: 'SignAgreement', data: { ...base(borrower), documentHash: loan.agreement!.documentHash } });
          break;
        case 'final.pending':
          run({ type: 'GrantFinalApproval', data: base(staff()) });
          break;
        case 'disbursal.pending': {
          const data = base(staff());
          run({
            type: 'DisburseLoan',
            data: {
              ...data,
              payoutReference: `UTR${String(this.intBetween(0, 999_999_999)).padStart(12, '0')}`,
              disbursedOn: data.at.slice(0, 10),
              // The verified account (payouts go only there): the section as approve-bank saw it.
              payoutAccount: {
                section: {
                  status: 'verified',
                  account: {
                    holderName: 'Bench Borrower',
                    accountLast4: loan.bankAccountLast4 ?? '0000',
                    ifsc: 'HDFC0001234',
                    accountType: 'savings',
                  },
                },
              },
            },
          });
          break;
        }
        default:
          throw new Error(`generator: no way forward from ${loan.status}`);
      }
      if (!PIPELINE.includes((state as LoanRecord).status)) throw new Error(`generator: left the pipeline at ${state.status}`);
    }
    if (status === 'rejected') {
      run({
        type: 'RejectLoan',
        data: {
          ...base(staff()),
          reason: this.pick([
            'Income could not be verified',
            'Credit score below policy',
            'Existing obligations too high',
            'Bank statement mismatch',
          ]),
        },
      });
    } else if (status === 'cancelled') {
      run({
        type: 'CancelLoan',
        data: { ...base(borrower), reason: this.pick(['No longer needed', 'Found a better offer', 'Applied by mistake']) },
      });
    }
    return { loanId, borrowerId, status, steps };
  }

  private pickOutcome(): LoanStatus {
    let r = this.random() * this.outcomeTotal;
    for (const [status, weight] of OUTCOMES) {
      r -= weight;
      if (r < 0) return status;
    }
    return OUTCOMES[OUTCOMES.length - 1][0];
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private intBetween(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /** Whole rupees (multiples of 100 paise) within the bounds. */
  private amountBetween(min: number, max: number): number {
    return Math.max(min, Math.min(max, Math.round(this.intBetween(min, max) / 100) * 100));
  }
}

/** The stream id and metadata the command executor writes for a loan event. */
export const loanStreamId = (loanId: string) => `loan-${loanId}`;
export const stepMetadata = (step: LoanStep) => ({ actor: step.actor, commandType: step.commandType });
