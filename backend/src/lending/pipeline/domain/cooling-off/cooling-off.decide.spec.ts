import { describe, expect, it } from '@jest/globals';
import { given } from '../../../loan/domain/decider-spec.helper.js';
import { BORROWER, FIXTURES, LOAN_ID, STAFF, historyTo } from '../../../loan/domain/loan-history.fixture.js';
import { IllegalTransition, SamePerson } from '../../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../../loan/domain/loan.state.js';
import type { Actor } from '../../../loan/domain/loan.types.js';
import { decide } from '../../../loan/domain/loan.decide.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../../platform/config/product-settings.js';
import { defaultProductParameters } from '../../../loan/domain/terms/loan-product.js';
import { CoolingOffExitOpen, CoolingOffWindowClosed } from './cooling-off.decide.js';
import type { CoolingOffExitRequested } from './cooling-off.events.js';

// The EMI fixture: 10,000.00 INR paid out on 2026-01-31; a 3-day period ends 23:59:59 IST on 2026-02-03.
const f = FIXTURES.EMI;
const ACTIVE = historyTo('active', 'EMI');
const TERMS = { days: 3, feeRetained: false, aprBasisPoints: 3_129 };
const CHECKER: Actor = { id: 'staff-2', role: 'staff' };
const envelope = (actor: Actor, at: string) => ({ loanId: LOAN_ID, at, actor });
const request = (actor: Actor, at: string, exitId = 'exit-1') =>
  ({ type: 'RequestCoolingOffExit', data: { ...envelope(actor, at), exitId, terms: TERMS } }) as const;

// 1,000,000 × 3,129 × 1 / 3,650,000 = 857.26 → 857 (exit on 2026-02-01 IST: one day held).
const requested = (actor: Actor, at: string): CoolingOffExitRequested => ({
  type: 'CoolingOffExitRequested',
  data: {
    ...envelope(actor, at),
    exitId: 'exit-1',
    by: actor.id,
    principal: f.approved,
    interest: 857,
    fee: 0,
    alreadyPaid: 0,
    amount: 1_000_857,
    daysHeld: 1,
    aprBasisPoints: 3_129,
    exitOn: '2026-02-01',
    lastDay: '2026-02-03',
    deadline: '2026-02-03T18:29:59.000Z',
  },
});

describe('cooling-off exit', () => {
  describe('given an active loan paid out on 2026-01-31 with a 3-day period', () => {
    it('when the borrower asks the next day, then the exit is open with the principal and one day of interest at the APR', () => {
      given(ACTIVE)
        .when(request(BORROWER, '2026-02-01T05:00:00.000Z'))
        .then([requested(BORROWER, '2026-02-01T05:00:00.000Z')]);
      expect(replay([...ACTIVE, requested(BORROWER, '2026-02-01T05:00:00.000Z')])).toMatchObject({
        coolingOffExit: { status: 'open', amount: 1_000_857 },
      });
    });

    it('when the borrower asks at 23:59:59 IST on the last day, then it is accepted (3 days held)', () => {
      const [event] = decide(
        request(BORROWER, '2026-02-03T18:29:59.000Z'),
        replay(ACTIVE),
        defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'),
      );
      expect(event).toMatchObject({ type: 'CoolingOffExitRequested', data: { daysHeld: 3, interest: 2_572, amount: 1_002_572 } });
    });

    it('when the borrower asks a second after the window, then it is refused with the reason and the deadline', () => {
      const error = given(ACTIVE)
        .when(request(BORROWER, '2026-02-03T18:30:00.000Z'))
        .thenThrows(CoolingOffWindowClosed, 'LOAN.COOLING_OFF_WINDOW_CLOSED');
      expect(error.message).toBe(
        'The cooling-off period of 3 days from the disbursal on 31 Jan 2026 ended at 23:59:59 IST on 3 Feb 2026: the loan can no longer be exited without interest for its term. It can still be repaid early at any time, without a foreclosure charge.',
      );
      expect(error.details).toMatchObject({ lastDay: '2026-02-03', deadline: '2026-02-03T18:29:59.000Z' });
    });

    it('when staff (the maker) ask, then the exit waits for a checker; the maker cannot approve it; another member of staff can', () => {
      const made = requested(STAFF, '2026-02-01T05:00:00.000Z');
      given(ACTIVE).when(request(STAFF, '2026-02-01T05:00:00.000Z')).then([made]);
      expect(replay([...ACTIVE, made])).toMatchObject({ coolingOffExit: { status: 'pending' } });
      const approve = (actor: Actor) =>
        ({ type: 'ApproveCoolingOffExit', data: { ...envelope(actor, '2026-02-01T06:00:00.000Z'), exitId: 'exit-1' } }) as const;
      given([...ACTIVE, made])
        .when(approve(STAFF))
        .thenThrows(SamePerson);
      given([...ACTIVE, made])
        .when(approve(CHECKER))
        .then([
          { type: 'CoolingOffExitApproved', data: { ...envelope(CHECKER, '2026-02-01T06:00:00.000Z'), exitId: 'exit-1', by: CHECKER.id } },
        ]);
    });

    it('when a second exit is asked while one is open, then it is refused; the same exit asked again changes nothing', () => {
      const history = [...ACTIVE, requested(BORROWER, '2026-02-01T05:00:00.000Z')];
      given(history)
        .when(request(BORROWER, '2026-02-01T07:00:00.000Z', 'exit-2'))
        .thenThrows(CoolingOffExitOpen);
      given(history).when(request(BORROWER, '2026-02-01T07:00:00.000Z')).then([]);
    });

    it('when the open exit amount is received, then the loan is exited in cooling-off and closed, nothing else owed', () => {
      const at = '2026-02-01T08:00:00.000Z';
      const history: LoanEvent[] = [
        ...ACTIVE,
        requested(BORROWER, '2026-02-01T05:00:00.000Z'),
        {
          type: 'OnlinePaymentCreated',
          data: { ...envelope(BORROWER, at), paymentId: 'p-1', amount: 1_000_857, provider: 'sandbox', providerOrderId: 'o-1' },
        },
      ];
      const confirm = {
        type: 'ConfirmOnlinePayment',
        data: {
          ...envelope(STAFF, at),
          paymentId: 'p-1',
          outcome: 'captured',
          amount: 1_000_857,
          providerReference: 'pay-1',
          businessDate: '2026-02-01',
        },
      } as const;
      const events = decide(confirm, replay(history), defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'));
      expect(events.map((e) => e.type)).toEqual(['RepaymentApplied', 'LoanExitedInCoolingOff']);
      expect(events[1]).toMatchObject({ data: { exitId: 'exit-1', amountPaid: 1_000_857, on: '2026-02-01' } });
      const after = replay([...history, ...events]) as LoanRecord;
      expect(after).toMatchObject({ status: 'closed', closedOn: '2026-02-01', coolingOffExit: { status: 'exited' } });
    });

    it('when less than the amount is received, then the loan stays active with the exit open', () => {
      const at = '2026-02-01T08:00:00.000Z';
      const history: LoanEvent[] = [
        ...ACTIVE,
        requested(BORROWER, '2026-02-01T05:00:00.000Z'),
        {
          type: 'OnlinePaymentCreated',
          data: { ...envelope(BORROWER, at), paymentId: 'p-1', amount: 1_000_000, provider: 'sandbox', providerOrderId: 'o-1' },
        },
      ];
      const confirm = {
        type: 'ConfirmOnlinePayment',
        data: {
          ...envelope(STAFF, at),
          paymentId: 'p-1',
          outcome: 'captured',
          amount: 1_000_000,
          providerReference: 'pay-1',
          businessDate: '2026-02-01',
        },
      } as const;
      const events = decide(confirm, replay(history), defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'));
      expect(events.map((e) => e.type)).toEqual(['RepaymentApplied']);
    });
  });

  describe('given an agreement that pinned a 3-day period, no fee kept, and settings changed after signing', () => {
    // The settings now say 7 days with the fee kept: the signed loan keeps the KFS it was issued with.
    const SETTINGS_NOW = { days: 7, feeRetained: true, aprBasisPoints: 3_129 };
    const pinned = (coolingOff: { days: number; feeRetained: boolean }): LoanEvent[] =>
      ACTIVE.map((e) => (e.type === 'AgreementIssued' ? { ...e, data: { ...e.data, coolingOff } } : e));
    const ask = (history: LoanEvent[], at: string) =>
      decide(
        { type: 'RequestCoolingOffExit', data: { ...envelope(BORROWER, at), exitId: 'exit-1', terms: SETTINGS_NOW } },
        replay(history),
        defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'),
      );

    it('when the borrower asks on the 4th day after payout, then it is refused: the pinned 3 days ended', () => {
      given(pinned({ days: 3, feeRetained: false }))
        .when({
          type: 'RequestCoolingOffExit',
          data: { ...envelope(BORROWER, '2026-02-04T05:00:00.000Z'), exitId: 'exit-1', terms: SETTINGS_NOW },
        })
        .thenThrows(CoolingOffWindowClosed, 'LOAN.COOLING_OFF_WINDOW_CLOSED');
    });

    it('when the borrower asks the next day, then the amount keeps no fee and the deadline is the pinned one', () => {
      const [event] = ask(pinned({ days: 3, feeRetained: false }), '2026-02-01T05:00:00.000Z');
      expect(event).toMatchObject({ data: { fee: 0, amount: 1_000_857, lastDay: '2026-02-03', deadline: '2026-02-03T18:29:59.000Z' } });
    });

    it('when the pinned terms kept the fee, then the fee is in the amount even though the settings now would not keep it', () => {
      const [event] = decide(
        { type: 'RequestCoolingOffExit', data: { ...envelope(BORROWER, '2026-02-01T05:00:00.000Z'), exitId: 'exit-1', terms: TERMS } },
        replay(pinned({ days: 3, feeRetained: true })),
        defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'),
      );
      expect(event).toMatchObject({ data: { fee: f.approvedFee, amount: 1_000_857 + f.approvedFee } });
    });

    it('when the agreement was issued before terms were pinned, then the settings sent with the command apply (7 days)', () => {
      const [event] = ask(ACTIVE, '2026-02-04T05:00:00.000Z');
      expect(event).toMatchObject({ data: { lastDay: '2026-02-07', fee: f.approvedFee } });
    });
  });

  it('given a loan not yet paid out, when an exit is asked, then it is refused', () => {
    given(historyTo('disbursal.pending', 'EMI')).when(request(BORROWER, '2026-02-01T05:00:00.000Z')).thenThrows(IllegalTransition);
  });
});
