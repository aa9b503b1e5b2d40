import { decideCloseOfBusiness } from '../../collections/domain/close-of-business.decide.js';
import { decideCollectionWork, isCollectionWorkCommand } from '../../collections/domain/collection-work.js';
import { decideReminderOutcome } from '../../collections/domain/reminder-outcomes.js';
import { isMandateCommand } from '../../mandates/domain/mandate.commands.js';
import { decideMandate, type CollectDebit } from '../../mandates/domain/mandate.decide.js';
import { decidePipeline, decideStart } from '../../pipeline/domain/pipeline.decide.js';
import { isMoneyCommand } from '../../servicing/domain/payment.commands.js';
import { collectDebit, decideMoney, type PaymentRules } from '../../servicing/domain/payment.decide.js';
import { isSettlementCommand } from '../../settlement/domain/settlement.commands.js';
import { checkRecovery, decideSettlement, settlementAfterPayment } from '../../settlement/domain/settlement.decide.js';
import { isCoolingOffCommand } from '../../pipeline/domain/cooling-off/cooling-off.commands.js';
import { coolingOffAfterPayment, decideCoolingOff } from '../../pipeline/domain/cooling-off/cooling-off.decide.js';
import { FieldProblems } from './loan-input.validation.js';
import type { LoanCommand } from './loan.commands.js';
import { LoanNotFound } from './loan.errors.js';
import type { LoanEvent } from './loan.events.js';
import type { LoanState } from './loan.state.js';
import type { LoanMessageBase } from './loan.types.js';
import type { ProductParameters } from './terms/product-parameters.js';

/**
 * Settlement's and the cooling-off exit's part in a payment's outcome (servicing's decider imports neither): a
 * payment completes at most one of them (an exit is open only in the first days, before any settlement).
 */
const PAYMENT_RULES: PaymentRules = {
  afterPayment: (after, base, businessDate) => {
    const exited = coolingOffAfterPayment(after, base, businessDate);
    return exited.length > 0 ? exited : settlementAfterPayment(after, base, businessDate);
  },
  checkRecovery,
};

/** Servicing's part in a collected debit (mandates do not import servicing). */
const COLLECT_DEBIT: CollectDebit = (loan, base, debit) => collectDebit(PAYMENT_RULES, loan, base, debit);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Decides what a command means for a loan: the events to append, [] when its outcome
 * already holds, or a LoanDomainError. Pure: time, actor and outside facts (missing
 * profile fields) arrive on the command; limits, rate and fees in params, the version of
 * the product the loan is applied under (for a start, the one chosen; after that, the one
 * it pinned).
 */
export function decide(command: LoanCommand, state: LoanState, params: ProductParameters): LoanEvent[] {
  validateEnvelope(command.data);
  if (command.type === 'StartLoanApplication') return decideStart(command, state, params);
  if (state.status === 'none') throw new LoanNotFound(command.data.loanId);
  if (params.type !== state.loanType) {
    throw new Error(`Loan ${state.id} is ${state.loanType}, but was given the parameters of a ${params.type} product`);
  }
  if (isMoneyCommand(command)) return decideMoney(command, state, PAYMENT_RULES);
  if (isSettlementCommand(command)) return decideSettlement(command, state);
  if (isMandateCommand(command)) return decideMandate(command, state, COLLECT_DEBIT);
  if (isCoolingOffCommand(command)) return decideCoolingOff(command, state);
  if (command.type === 'CloseBusinessDay') return decideCloseOfBusiness(state, params, command);
  if (isCollectionWorkCommand(command)) return decideCollectionWork(command, state);
  if (command.type === 'RecordCollectionReminder') return decideReminderOutcome(command, state);
  return decidePipeline(command, state, params);
}

function validateEnvelope({ loanId, at, actor }: LoanMessageBase): void {
  const problems = new FieldProblems();
  problems.requireText('loanId', loanId);
  if (!(typeof at === 'string' && ISO_TIMESTAMP.test(at) && !Number.isNaN(Date.parse(at)))) {
    problems.add('at', 'at must be an ISO 8601 timestamp with a time zone');
  }
  if (!(actor && typeof actor.id === 'string' && actor.id.trim() !== '')) {
    problems.add('actor', 'actor must name who acts');
  } else if (actor.role !== 'borrower' && actor.role !== 'staff') {
    problems.add('actor', 'actor.role must be borrower or staff');
  }
  problems.throwIfAny();
}
