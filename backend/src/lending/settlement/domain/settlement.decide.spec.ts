import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { LOAN_ID, STAFF, historyTo } from '../../loan/domain/loan-history.fixture.js';
import { defaultProductParameters } from '../../loan/domain/terms/loan-product.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { IllegalTransition, InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { SamePerson } from '../../loan/domain/loan.errors.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import { outstandingNow } from './settlement.decide.js';
import {
  NotTheOfferMaker,
  NotTheWriteOffRequester,
  SettlementOfferNotPending,
  SettlementOfferOpen,
  SettlementTermsRefused,
  WriteOffNotRequested,
} from './settlement.errors.js';

const CHECKER: Actor = { id: 'staff-2', role: 'staff' };
const AT = '2026-03-10T09:00:00.000Z';
const TODAY = '2026-03-10';
const envelope = (actor: Actor) => ({ loanId: LOAN_ID, at: AT, actor });
const command = (type: string, data: Record<string, unknown>, actor: Actor = STAFF): LoanCommand =>
  ({ type, data: { loanId: LOAN_ID, at: AT, actor, ...data } }) as unknown as LoanCommand;

const offer = (amount: number, validUntil = '2026-03-31', offerId = 'o1', businessDate = TODAY) =>
  command('OfferSettlement', { offerId, amount, validUntil, reason: ' Hardship ', businessDate });
const approve = (offerId = 'o1', actor: Actor = CHECKER, businessDate = TODAY) =>
  command('ApproveSettlementOffer', { offerId, businessDate }, actor);
const pay = (paymentId: string, amount: number, paidOn = TODAY, businessDate = TODAY) => [
  command('RecordPayment', { paymentId, amount, paidOn, method: 'cash', reference: '', businessDate }),
  command('VerifyPayment', { paymentId, businessDate }, CHECKER),
];
const requestWriteOff = (actor: Actor = STAFF) => command('RequestWriteOff', { reason: 'Borrower deceased' }, actor);
const approveWriteOff = (actor: Actor = CHECKER) => command('ApproveWriteOff', { businessDate: TODAY }, actor);

function after(history: LoanEvent[], ...commands: LoanCommand[]): LoanEvent[] {
  const params = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI');
  return commands.reduce((events, next) => [...events, ...decide(next, replay(events), params)], history);
}

const active = historyTo('active', 'EMI');
const loanAfter = (events: LoanEvent[]) => replay(events) as LoanRecord;
const owed = (events: LoanEvent[]) => outstandingNow(loanAfter(events));

describe('a settlement offer', () => {
  it('is offered by one person, pending approval', () => {
    given(active)
      .when(offer(1_000_000))
      .then([
        {
          type: 'SettlementOffered',
          data: { ...envelope(STAFF), offerId: 'o1', amount: 1_000_000, validUntil: '2026-03-31', reason: 'Hardship', by: STAFF.id },
        },
      ]);
    expect(loanAfter(after(active, offer(1_000_000))).settlement?.offers[0]).toMatchObject({
      offerId: 'o1',
      status: 'pending',
      offeredBy: STAFF.id,
    });
  });

  it('refuses an amount above the total outstanding and a validUntil before the business date (422, fields named)', () => {
    const total = owed(active).total;
    const error = given(active)
      .when(offer(total + 1, '2026-03-09'))
      .thenThrows(SettlementTermsRefused, 'SETTLEMENT.TERMS_REFUSED');
    expect(error.fields.map((f) => f.name)).toEqual(['amount', 'validUntil']);
    given(active)
      .when(offer(total))
      .then([expect.objectContaining({ type: 'SettlementOffered' }) as unknown as LoanEvent]);
  });

  it.each([
    ['an amount of 0', 0, '2026-03-31', ['amount']],
    ['a fractional amount', 10.5, '2026-03-31', ['amount']],
    ['a validUntil that is not a date', 100, '2026-02-30', ['validUntil']],
  ])('refuses %s as bad input (400)', (_label, amount, validUntil, fields) => {
    const error = given(active).when(offer(amount, validUntil)).thenThrows(InvalidLoanInput);
    expect(error.fields.map((f) => f.name)).toEqual(fields);
  });

  it('allows one open offer at a time; an open one past its validUntil lapses when the next is made', () => {
    const offered = after(active, offer(1_000_000, '2026-03-12'));
    given(offered)
      .when(offer(900_000, '2026-03-31', 'o2'))
      .thenThrows(SettlementOfferOpen);
    const events = decide(
      offer(900_000, '2026-03-31', 'o2', '2026-03-13'),
      replay(offered),
      defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'),
    );
    expect(events.map((e) => e.type)).toEqual(['SettlementOfferLapsed', 'SettlementOffered']);
  });

  it('is approved only by someone else (403 same-person), and only while pending and valid', () => {
    const offered = after(active, offer(1_000_000));
    given(offered).when(approve('o1', STAFF)).thenThrows(SamePerson, 'PAYMENT.SAME_PERSON');
    given(offered)
      .when(approve())
      .then([{ type: 'SettlementOfferApproved', data: { ...envelope(CHECKER), offerId: 'o1', by: CHECKER.id } }]);
    given(after(offered, approve())).when(approve()).then([]);
    given(offered)
      .when(approve('o1', CHECKER, '2026-04-01'))
      .thenThrows(SettlementOfferNotPending);
  });

  it('settles the loan when payments since the approval reach the amount by validUntil, waiving the rest', () => {
    const approved = after(active, offer(1_000_000), approve());
    const partly = after(approved, ...pay('p1', 400_000));
    expect(loanAfter(partly).status).toBe('active');
    const before = owed(partly);
    const settled = after(partly, ...pay('p2', 600_000));
    const last = settled.at(-1)!;
    expect(last.type).toBe('LoanSettled');
    const remaining = outstandingNow(loanAfter(settled.slice(0, -1)));
    expect(last.data).toMatchObject({ offerId: 'o1', amountPaid: 1_000_000, waived: remaining, on: TODAY });
    // A payment ahead of the schedule prepays principal, which lowers later interest: more than the payment comes off.
    expect(remaining.total).toBeGreaterThan(0);
    expect(remaining.total).toBeLessThanOrEqual(before.total - 600_000);
    const loan = loanAfter(settled);
    expect(loan.status).toBe('settled');
    expect(loan.settlement?.offers[0]).toMatchObject({ status: 'settled', amountPaid: 1_000_000, waived: remaining });
    const view = serviceLoan(loan.servicing!.terms, loan.servicing!.events);
    expect(view.outstanding.total).toBe(0);
    expect(view.ledger.at(-1)).toMatchObject({
      id: 'o1',
      type: 'settlement',
      amount: remaining.total,
      principal: remaining.principal,
      interest: remaining.interest,
    });
  });

  it('does not count payments made before the approval', () => {
    const events = after(active, offer(500_000), ...pay('p1', 500_000), approve());
    expect(loanAfter(events).status).toBe('active');
  });

  it('lapses when a payment comes after validUntil without reaching the amount', () => {
    const approved = after(active, offer(1_000_000, '2026-03-12'), approve());
    const late = after(approved, ...pay('p1', 1_000_000, '2026-03-13', '2026-03-13'));
    expect(late.at(-1)).toMatchObject({ type: 'SettlementOfferLapsed', data: { offerId: 'o1' } });
    expect(loanAfter(late).status).toBe('active');
  });

  it('is refused on a loan that is not active, and a settled loan takes no write-off', () => {
    given(historyTo('disbursal.pending', 'EMI')).when(offer(100)).thenThrows(IllegalTransition);
    given(historyTo('settled', 'EMI'))
      .when(offer(100, '2026-03-31', 'o9'))
      .thenThrows(IllegalTransition);
    given(historyTo('settled', 'EMI')).when(requestWriteOff()).thenThrows(IllegalTransition);
  });
});

describe('a write-off', () => {
  it('is asked for by one person and approved by another: writtenOff, everything owed taken off by component', () => {
    const asked = after(active, requestWriteOff());
    expect(asked.at(-1)).toEqual({ type: 'WriteOffRequested', data: { ...envelope(STAFF), reason: 'Borrower deceased', by: STAFF.id } });
    given(asked).when(approveWriteOff(STAFF)).thenThrows(SamePerson);
    const outstanding = owed(asked);
    given(asked)
      .when(approveWriteOff())
      .then([
        { type: 'WriteOffApproved', data: { ...envelope(CHECKER), by: CHECKER.id } },
        { type: 'LoanWrittenOff', data: { ...envelope(CHECKER), outstanding, on: TODAY } },
      ]);
    const loan = loanAfter(after(asked, approveWriteOff()));
    expect(loan.status).toBe('writtenOff');
    const view = serviceLoan(loan.servicing!.terms, loan.servicing!.events);
    expect(view.outstanding.total).toBe(0);
    expect(view.ledger.at(-1)).toMatchObject({ type: 'write-off', amount: outstanding.total, principal: outstanding.principal });
  });

  it('needs a request first, and a written-off loan takes no settlement or second write-off', () => {
    given(active).when(approveWriteOff()).thenThrows(WriteOffNotRequested);
    const writtenOff = historyTo('writtenOff', 'EMI');
    given(writtenOff).when(approveWriteOff()).then([]);
    given(writtenOff).when(requestWriteOff()).thenThrows(IllegalTransition);
    given(writtenOff).when(offer(100)).thenThrows(IllegalTransition);
  });

  it('takes later payments as recoveries, allocated to nothing, never before the write-off date', () => {
    const writtenOff = after(active, requestWriteOff(), approveWriteOff());
    const recovered = after(writtenOff, ...pay('p1', 250_000));
    expect(recovered.at(-1)).toMatchObject({ type: 'RepaymentApplied', data: { paymentId: 'p1', amount: 250_000 } });
    const loan = loanAfter(recovered);
    expect(loan.status).toBe('writtenOff');
    const view = serviceLoan(loan.servicing!.terms, loan.servicing!.events);
    expect(view.ledger.at(-1)).toMatchObject({ type: 'recovery', amount: 250_000, principal: 0, interest: 0, paymentId: 'p1' });
    expect(view.creditBalance).toBe(0);
    const error = given(writtenOff)
      .when(pay('p2', 100, '2026-03-09')[0]!)
      .thenThrows(InvalidLoanInput);
    expect(error.fields.map((f) => f.name)).toEqual(['paidOn']);
  });
});

describe('rejecting and withdrawing a settlement offer', () => {
  const offered = after(active, offer(1_000_000));
  const reject = (actor: Actor = CHECKER, reason: unknown = ' Too low for the arrears ') =>
    command('RejectSettlementOffer', { offerId: 'o1', reason }, actor);
  const withdraw = (actor: Actor = STAFF) => command('WithdrawSettlementOffer', { offerId: 'o1' }, actor);

  it('given a pending offer, when a second person rejects it with a reason, then SettlementOfferRejected and the offer is closed', () => {
    given(offered)
      .when(reject())
      .then([
        {
          type: 'SettlementOfferRejected',
          data: { ...envelope(CHECKER), offerId: 'o1', reason: 'Too low for the arrears', by: CHECKER.id },
        },
      ]);
    expect(loanAfter(after(offered, reject())).settlement?.offers[0]).toMatchObject({
      status: 'rejected',
      closedBy: CHECKER.id,
      closeReason: 'Too low for the arrears',
    });
  });

  it('given a pending offer, when its maker rejects it, then 403 same-person; when the reason is blank, then 400 naming reason', () => {
    given(offered).when(reject(STAFF)).thenThrows(SamePerson, 'PAYMENT.SAME_PERSON');
    given(offered).when(reject(CHECKER, '  ')).thenThrows(InvalidLoanInput, 'LOAN.INVALID_INPUT');
  });

  it('given a rejected offer, when rejected again, then nothing is appended; when approved, then 409 not pending', () => {
    const rejected = after(offered, reject());
    given(rejected).when(reject()).then([]);
    given(rejected).when(approve()).thenThrows(SettlementOfferNotPending, 'SETTLEMENT.OFFER_NOT_PENDING');
  });

  it('given a pending offer, when its maker withdraws it, then SettlementOfferWithdrawn, and a new offer may be made', () => {
    given(offered)
      .when(withdraw())
      .then([{ type: 'SettlementOfferWithdrawn', data: { ...envelope(STAFF), offerId: 'o1', by: STAFF.id } }]);
    const withdrawn = after(offered, withdraw());
    expect(loanAfter(withdrawn).settlement?.offers[0]).toMatchObject({ status: 'withdrawn', closedBy: STAFF.id });
    given(withdrawn).when(withdraw()).then([]);
    given(withdrawn)
      .when(offer(900_000, '2026-03-31', 'o2'))
      .then([expect.objectContaining({ type: 'SettlementOffered' }) as unknown as LoanEvent]);
  });

  it('given a pending offer, when someone else withdraws it, then 403 not the maker; given an approved offer, then 409 not pending', () => {
    given(offered).when(withdraw(CHECKER)).thenThrows(NotTheOfferMaker, 'SETTLEMENT.NOT_THE_MAKER');
    given(after(offered, approve())).when(withdraw()).thenThrows(SettlementOfferNotPending, 'SETTLEMENT.OFFER_NOT_PENDING');
  });
});

describe('rejecting a write-off', () => {
  const requested = after(active, requestWriteOff());
  const reject = (actor: Actor = CHECKER) => command('RejectWriteOff', { reason: 'Recovery still likely' }, actor);

  it('given a write-off asked for, when a second person rejects it, then WriteOffRejected and the loan stays active', () => {
    given(requested)
      .when(reject())
      .then([{ type: 'WriteOffRejected', data: { ...envelope(CHECKER), reason: 'Recovery still likely', by: CHECKER.id } }]);
    const loan = loanAfter(after(requested, reject()));
    expect(loan.status).toBe('active');
    expect(loan.settlement?.writeOff).toMatchObject({ status: 'rejected', rejectedBy: CHECKER.id, rejectReason: 'Recovery still likely' });
  });

  it('given a write-off asked for, when the one who asked rejects it, then 403 same-person; given none asked for, then 409', () => {
    given(requested).when(reject(STAFF)).thenThrows(SamePerson, 'PAYMENT.SAME_PERSON');
    given(active).when(reject()).thenThrows(WriteOffNotRequested, 'SETTLEMENT.WRITE_OFF_NOT_REQUESTED');
  });

  it('given a rejected write-off, when it is approved, then 409; when asked for again, then a new request is recorded', () => {
    const rejected = after(requested, reject());
    given(rejected).when(approveWriteOff()).thenThrows(WriteOffNotRequested, 'SETTLEMENT.WRITE_OFF_NOT_REQUESTED');
    given(rejected)
      .when(requestWriteOff())
      .then([expect.objectContaining({ type: 'WriteOffRequested' }) as unknown as LoanEvent]);
  });
});

describe('withdrawing a write-off request', () => {
  const requested = after(active, requestWriteOff());
  const withdraw = (actor: Actor = STAFF) => command('WithdrawWriteOff', {}, actor);

  it('given a write-off asked for, when the one who asked withdraws it, then WriteOffWithdrawn and the loan stays active', () => {
    given(requested)
      .when(withdraw())
      .then([{ type: 'WriteOffWithdrawn', data: { ...envelope(STAFF), by: STAFF.id } }]);
    const loan = loanAfter(after(requested, withdraw()));
    expect(loan.status).toBe('active');
    expect(loan.settlement?.writeOff).toMatchObject({ status: 'withdrawn', withdrawnBy: STAFF.id, withdrawnAt: AT, requestedBy: STAFF.id });
  });

  it('given a write-off asked for, when someone else withdraws it, then 403 not the requester; given none asked for, then 409', () => {
    given(requested).when(withdraw(CHECKER)).thenThrows(NotTheWriteOffRequester, 'SETTLEMENT.NOT_THE_REQUESTER');
    given(active).when(withdraw()).thenThrows(WriteOffNotRequested, 'SETTLEMENT.WRITE_OFF_NOT_REQUESTED');
    given(after(requested, command('RejectWriteOff', { reason: 'Recovery still likely' }, CHECKER)))
      .when(withdraw())
      .thenThrows(WriteOffNotRequested);
  });

  it('given a withdrawn write-off, when withdrawn again, then nothing is appended; when approved, then 409; when asked for again, then recorded', () => {
    const withdrawn = after(requested, withdraw());
    given(withdrawn).when(withdraw()).then([]);
    given(withdrawn).when(approveWriteOff()).thenThrows(WriteOffNotRequested, 'SETTLEMENT.WRITE_OFF_NOT_REQUESTED');
    given(withdrawn)
      .when(requestWriteOff())
      .then([expect.objectContaining({ type: 'WriteOffRequested' }) as unknown as LoanEvent]);
  });
});
