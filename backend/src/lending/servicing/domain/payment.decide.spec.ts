import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { BORROWER, FIXTURES, LOAN_ID, STAFF, historyTo } from '../../loan/domain/loan-history.fixture.js';
import { defaultProductParameters } from '../../loan/domain/terms/loan-product.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { IllegalTransition, InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { MoneyCommand } from './payment.commands.js';
import { PaymentInWrongStatus, ReversalAlreadyRequested, ReversalNotRequested } from './payment.errors.js';
import { SamePerson } from '../../loan/domain/loan.errors.js';
import { foreclosureQuote } from './foreclosure-quote.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import { PaymentNotFound } from '../../loan/domain/schedule/servicing.errors.js';

const CHECKER: Actor = { id: 'staff-2', role: 'staff' };
const AT = '2026-03-10T09:00:00.000Z';
const TODAY = '2026-03-10';
const f = FIXTURES.EMI;
// Instalment 1 (28 Feb): 328,383 principal + 15,000 interest + the 20,000 processing fee.
const FIRST_INSTALMENT = 363_383;

type MoneyData<T extends MoneyCommand['type']> = Omit<Extract<MoneyCommand, { type: T }>['data'], 'loanId' | 'at' | 'actor'>;
const command = <T extends MoneyCommand['type']>(type: T, data: MoneyData<T>, actor: Actor = STAFF): LoanCommand =>
  ({ type, data: { loanId: LOAN_ID, at: AT, actor, ...data } }) as unknown as LoanCommand;
const envelope = (actor: Actor) => ({ loanId: LOAN_ID, at: AT, actor });

const record = (paymentId: string, amount: number, paidOn = TODAY, actor: Actor = STAFF) =>
  command('RecordPayment', { paymentId, amount, paidOn, method: 'cash', reference: '', businessDate: TODAY }, actor);
const verify = (paymentId: string, actor: Actor = CHECKER) => command('VerifyPayment', { paymentId, businessDate: TODAY }, actor);

/** The history after running commands one after the other through the decider. */
function after(history: LoanEvent[], ...commands: LoanCommand[]): LoanEvent[] {
  const params = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI');
  return commands.reduce((events, next) => [...events, ...decide(next, replay(events), params)], history);
}

const active = historyTo('active', 'EMI');
const loanAfter = (events: LoanEvent[]) => replay(events) as LoanRecord;
const fieldNames = (error: InvalidLoanInput) => error.fields.map((field) => field.name);

describe('when active', () => {
  describe('an offline payment', () => {
    it('is recorded as pending, with who recorded it', () => {
      given(active)
        .when(
          command('RecordPayment', {
            paymentId: 'p1',
            amount: FIRST_INSTALMENT,
            paidOn: '2026-02-28',
            method: 'upi',
            reference: ' UTR123 ',
            businessDate: TODAY,
          }),
        )
        .then([
          {
            type: 'PaymentRecorded',
            data: {
              ...envelope(STAFF),
              paymentId: 'p1',
              amount: FIRST_INSTALMENT,
              paidOn: '2026-02-28',
              method: 'upi',
              reference: 'UTR123',
            },
          },
        ]);
      expect(loanAfter(after(active, record('p1', 100))).payments?.p1).toEqual({
        channel: 'offline',
        method: 'cash',
        amount: 100,
        paidOn: TODAY,
        status: 'pending',
        recordedBy: STAFF.id,
      });
    });

    it.each([
      ['an amount of 0', 0, TODAY, ['amount']],
      ['a negative amount', -5, TODAY, ['amount']],
      ['a fractional amount', 10.5, TODAY, ['amount']],
      ['a paidOn after the business date', 100, '2026-03-11', ['paidOn']],
      ['a paidOn before the disbursal', 100, '2026-01-30', ['paidOn']],
      ['a paidOn that is not a date', 100, '2026-02-30', ['paidOn']],
    ])('refuses %s, naming the field', (_label, amount, paidOn, fields) => {
      const error = given(active)
        .when(record('p1', amount, paidOn))
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(fields);
    });

    it('needs a reference for anything but cash, and a known method', () => {
      const error = given(active)
        .when(
          command('RecordPayment', { paymentId: 'p1', amount: 100, paidOn: TODAY, method: 'cheque', reference: ' ', businessDate: TODAY }),
        )
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(['reference']);
      const wrong = given(active)
        .when(
          command('RecordPayment', {
            paymentId: 'p1',
            amount: 100,
            paidOn: TODAY,
            method: 'gold' as never,
            reference: 'x',
            businessDate: TODAY,
          }),
        )
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(wrong)).toEqual(['method']);
    });

    it('is applied when a second person verifies it', () => {
      given(after(active, record('p1', FIRST_INSTALMENT, '2026-02-28')))
        .when(verify('p1'))
        .then([
          {
            type: 'RepaymentApplied',
            data: { ...envelope(CHECKER), paymentId: 'p1', amount: FIRST_INSTALMENT, valueDate: '2026-02-28', method: 'cash' },
          },
        ]);
    });

    it('is not verified by the one who recorded it (maker-checker)', () => {
      const error = given(after(active, record('p1', 100)))
        .when(verify('p1', STAFF))
        .thenThrows(SamePerson, 'PAYMENT.SAME_PERSON');
      expect(error.kind).toBe('forbidden');
    });

    it('verified twice applies once', () => {
      given(after(active, record('p1', 100), verify('p1')))
        .when(verify('p1'))
        .then([]);
    });

    it('is rejected with a reason, and is then neither verified nor rejected again', () => {
      given(after(active, record('p1', 100)))
        .when(command('RejectPayment', { paymentId: 'p1', reason: 'cheque bounced' }, CHECKER))
        .then([{ type: 'PaymentRejected', data: { ...envelope(CHECKER), paymentId: 'p1', reason: 'cheque bounced' } }]);
      const rejected = after(active, record('p1', 100), command('RejectPayment', { paymentId: 'p1', reason: 'no money' }, CHECKER));
      given(rejected).when(verify('p1')).thenThrows(PaymentInWrongStatus);
      given(rejected)
        .when(command('RejectPayment', { paymentId: 'p1', reason: 'again' }, CHECKER))
        .then([]);
    });

    it('an unknown payment is not found', () => {
      given(active).when(verify('nope')).thenThrows(PaymentNotFound);
    });
  });

  describe('an online payment', () => {
    const created = after(
      active,
      command(
        'CreateOnlinePayment',
        { paymentId: 'o1', amount: FIRST_INSTALMENT, provider: 'sandbox', providerOrderId: 'order_1' },
        BORROWER,
      ),
    );
    const confirm = (outcome: 'captured' | 'failed', amount = FIRST_INSTALMENT) =>
      command(
        'ConfirmOnlinePayment',
        { paymentId: 'o1', outcome, amount, providerReference: 'pay_1', businessDate: TODAY },
        { id: 'sandbox', role: 'staff' },
      );

    it('is applied on the business date when captured, and a repeated webhook applies nothing', () => {
      const events = after(created, confirm('captured'));
      expect(events.at(-1)).toEqual({
        type: 'RepaymentApplied',
        data: {
          ...envelope({ id: 'sandbox', role: 'staff' }),
          paymentId: 'o1',
          amount: FIRST_INSTALMENT,
          valueDate: TODAY,
          method: 'online',
          providerReference: 'pay_1',
        },
      });
      given(events).when(confirm('captured')).then([]);
      given(events).when(confirm('failed')).then([]);
    });

    it('a captured amount other than the order is flagged, never applied', () => {
      const events = after(created, confirm('captured', 100));
      expect(events.at(-1)!.type).toBe('PaymentAmountMismatched');
      expect(loanAfter(events).servicing!.events).toEqual([]);
      given(events).when(confirm('captured')).then([]);
    });

    it('failed is recorded once', () => {
      const events = after(created, confirm('failed'));
      expect(events.at(-1)!.type).toBe('OnlinePaymentFailed');
      given(events).when(confirm('failed')).then([]);
    });
  });

  it('paying the foreclosure quote closes the loan', () => {
    const quote = foreclosureQuote(loanAfter(active).servicing!.terms, [], TODAY);
    const events = after(active, record('p1', quote.total), verify('p1'));
    expect(events.slice(-2).map((e) => e.type)).toEqual(['RepaymentApplied', 'LoanClosed']);
    expect(events.at(-1)!.data).toEqual({ ...envelope(CHECKER), closedOn: TODAY });
    const loan = loanAfter(events);
    expect(loan.status).toBe('closed');
    given(events).when(record('p2', 100)).thenThrows(IllegalTransition);
  });
});

describe('overpayment and the credit balance', () => {
  const quote = () => foreclosureQuote(loanAfter(active).servicing!.terms, [], TODAY).total;
  const overpaid = () => after(active, record('p1', quote() + 5_000), verify('p1'));
  const refund = (refundId: string, amount: number, actor: Actor = STAFF) =>
    command('RequestCreditBalanceRefund', { refundId, amount, businessDate: TODAY }, actor);
  const approve = (refundId: string, actor: Actor = CHECKER) =>
    command('ApproveCreditBalanceRefund', { refundId, businessDate: TODAY }, actor);

  it('closes the loan and holds the excess', () => {
    const loan = loanAfter(overpaid());
    expect(loan.status).toBe('closed');
    expect(serviceLoan(loan.servicing!.terms, loan.servicing!.events).creditBalance).toBe(5_000);
  });

  it('is refunded only up to what is held, counting requests still waiting', () => {
    const error = given(overpaid()).when(refund('r1', 5_001)).thenThrows(InvalidLoanInput);
    expect(fieldNames(error)).toEqual(['amount']);
    given(after(overpaid(), refund('r1', 3_000)))
      .when(refund('r2', 2_001))
      .thenThrows(InvalidLoanInput);
  });

  it('is refunded after a second person approves, once', () => {
    const requested = after(overpaid(), refund('r1', 5_000));
    given(requested).when(approve('r1', STAFF)).thenThrows(SamePerson);
    given(requested)
      .when(approve('r1'))
      .then([{ type: 'CreditBalanceRefunded', data: { ...envelope(CHECKER), refundId: 'r1', amount: 5_000, valueDate: TODAY } }]);
    given(after(requested, approve('r1')))
      .when(approve('r1'))
      .then([]);
  });
});

describe('reversal (maker-checker)', () => {
  const request = (paymentId: string, actor: Actor = STAFF) =>
    command('RequestPaymentReversal', { paymentId, reason: 'cheque bounced' }, actor);
  const approve = (paymentId: string, actor: Actor = CHECKER) =>
    command('ApprovePaymentReversal', { paymentId, businessDate: TODAY }, actor);
  const paid = () => after(active, record('p1', FIRST_INSTALMENT, '2026-02-28'), verify('p1'));

  it('is requested by one person and approved by another', () => {
    const requested = after(paid(), request('p1'));
    expect(requested.at(-1)!.type).toBe('PaymentReversalRequested');
    given(requested).when(approve('p1', STAFF)).thenThrows(SamePerson);
    given(requested)
      .when(approve('p1'))
      .then([{ type: 'RepaymentReversed', data: { ...envelope(CHECKER), paymentId: 'p1', valueDate: TODAY } }]);
    given(after(requested, approve('p1')))
      .when(approve('p1'))
      .then([]);
  });

  it('is not approved without a request, nor requested twice', () => {
    given(paid()).when(approve('p1')).thenThrows(ReversalNotRequested);
    given(after(paid(), request('p1')))
      .when(request('p1', CHECKER))
      .thenThrows(ReversalAlreadyRequested);
  });

  it('a rejected request leaves the payment standing', () => {
    const events = after(paid(), request('p1'), command('RejectPaymentReversal', { paymentId: 'p1', reason: 'cheque cleared' }, CHECKER));
    expect(loanAfter(events).payments?.p1?.status).toBe('applied');
    given(events).when(approve('p1')).thenThrows(ReversalNotRequested);
  });

  it('of the payment that closed a loan reopens it (closed -> active)', () => {
    const total = foreclosureQuote(loanAfter(active).servicing!.terms, [], TODAY).total;
    const closed = after(active, record('p1', total), verify('p1'));
    expect(loanAfter(closed).status).toBe('closed');
    const events = after(closed, request('p1'), approve('p1'));
    expect(events.slice(-2).map((e) => e.type)).toEqual(['RepaymentReversed', 'LoanReopened']);
    const loan = loanAfter(events);
    expect(loan.status).toBe('active');
    expect(loan.closedOn).toBeUndefined();
    // ... and it takes payments again.
    expect(after(events, record('p2', 100)).at(-1)!.type).toBe('PaymentRecorded');
  });
});

describe.each(['new', 'disbursal.pending', 'rejected', 'cancelled'] as const)('when %s', (status) => {
  it('takes no payment, online or offline', () => {
    given(historyTo(status, 'EMI')).when(record('p1', 100)).thenThrows(IllegalTransition, 'LOAN.ILLEGAL_TRANSITION');
    given(historyTo(status, 'EMI'))
      .when(command('CreateOnlinePayment', { paymentId: 'o1', amount: 100, provider: 'sandbox', providerOrderId: 'x' }, BORROWER))
      .thenThrows(IllegalTransition);
  });
});

it('the fixture loan is the one these numbers assume', () => {
  expect(f.schedule[0]!.principal + f.schedule[0]!.interest + f.approvedFee).toBe(FIRST_INSTALMENT);
});
