import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { defaultProductParameters } from '../../loan/domain/terms/loan-product.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { happyPath, LOAN_ID, STAFF } from '../../loan/domain/loan-history.fixture.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { ProductParameters } from '../../loan/domain/terms/product-parameters.js';
import type { ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import type { CloseBusinessDay } from './close-of-business.decide.js';
import { loanStateOf } from '../../loan/projections/loan-state-row.js';
import { storedStateOf } from '../../loan/projections/loan-state-row.helper.js';
import { loanSummaryUpsert } from '../../loan/projections/loan-summary.projection.js';

const RUN_AT = '2021-07-01T00:05:00.000Z';
const COB = { id: 'close-of-business', role: 'staff' } as const;
const base = { loanId: LOAN_ID, at: RUN_AT, actor: COB };

/** 30,000.00 at 0% over 6 months, paid out 28 Feb 2021: 5,000.00 due on 31 Mar, 30 Apr, 31 May, 30 Jun, 31 Jul, 31 Aug. */
const TERMS: ServicingTerms = {
  loanType: 'EMI',
  principal: 3_000_000,
  annualRatePercent: 0,
  months: 6,
  disbursedOn: '2021-02-28',
  firstDueDate: '2021-03-31',
  anchorDay: 31,
  fee: 0,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};
const EMI = 500_000;
const PENAL = 50_000;

const disbursed: LoanEvent[] = [
  ...happyPath('EMI').slice(0, -1),
  {
    type: 'LoanDisbursed',
    data: {
      loanId: LOAN_ID,
      at: '2021-02-28T10:00:00.000Z',
      actor: STAFF,
      payoutReference: 'PAYOUT-1',
      disbursedOn: '2021-02-28',
      schedule: [],
      servicingTerms: TERMS,
    },
  },
];

const product = (graceDays: number, penalChargeFlat: number): ProductParameters => ({
  ...defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'),
  graceDays,
  penalChargeFlat,
});
const NO_GRACE = product(0, PENAL);

const closeBusinessDay = (date: string): CloseBusinessDay => ({ type: 'CloseBusinessDay', data: { ...base, date } });

const repaid = (paymentId: string, valueDate: string, amount: number): LoanEvent => ({
  type: 'RepaymentApplied',
  data: { loanId: LOAN_ID, at: `${valueDate}T12:00:00.000Z`, actor: STAFF, paymentId, amount, valueDate, method: 'cash' },
});

/** The history after COB ran through `date`, one day at a time. */
function agedThrough(history: LoanEvent[], date: string, params = NO_GRACE): LoanEvent[] {
  return [...history, ...decide(closeBusinessDay(date), replay(history), params)];
}

const run = (history: LoanEvent[], date: string, params = NO_GRACE) => decide(closeBusinessDay(date), replay(history), params);
const ofType = <T extends LoanEvent['type']>(events: LoanEvent[], type: T) =>
  events.filter((e): e is Extract<LoanEvent, { type: T }> => e.type === type);

describe('close of business', () => {
  describe('when an instalment reaches its due date unpaid', () => {
    it('at the day end of the due date it fell due, went overdue (no grace), took the penal charge, and the loan is SMA-0', () => {
      given(agedThrough(disbursed, '2021-03-30'), NO_GRACE)
        .when(closeBusinessDay('2021-03-31'))
        .then([
          { type: 'InstalmentFellDue', data: { ...base, instalmentNumber: 1, dueDate: '2021-03-31', amountDue: EMI } },
          {
            type: 'InstalmentWentOverdue',
            data: { ...base, instalmentNumber: 1, dueDate: '2021-03-31', date: '2021-03-31', amountOverdue: EMI },
          },
          { type: 'PenalChargeApplied', data: { ...base, chargeId: 'penal-1', instalmentNumber: 1, amount: PENAL, date: '2021-03-31' } },
          { type: 'LoanClassificationChanged', data: { ...base, from: 'standard', to: 'SMA-0', dpd: 1, date: '2021-03-31' } },
        ]);
    });

    it('the day before, nothing happens', () => {
      given(disbursed, NO_GRACE).when(closeBusinessDay('2021-03-30')).then([]);
    });
  });

  describe("the RBI circular's illustration (due 31 March, still unpaid)", () => {
    it('is SMA-0 on 31 March, SMA-1 on 30 April, SMA-2 on 30 May and NPA on 29 June', () => {
      const changes = ofType(run(disbursed, '2021-06-29', product(0, 0)), 'LoanClassificationChanged').map((e) => e.data);
      expect(changes).toEqual([
        { ...base, from: 'standard', to: 'SMA-0', dpd: 1, date: '2021-03-31' },
        { ...base, from: 'SMA-0', to: 'SMA-1', dpd: 31, date: '2021-04-30' },
        { ...base, from: 'SMA-1', to: 'SMA-2', dpd: 61, date: '2021-05-30' },
        { ...base, from: 'SMA-2', to: 'NPA', dpd: 91, date: '2021-06-29' },
      ]);
    });

    it('one day short of each, the class before', () => {
      for (const [date, classification] of [
        ['2021-04-29', 'SMA-0'],
        ['2021-05-29', 'SMA-1'],
        ['2021-06-28', 'SMA-2'],
      ] as const) {
        const loan = replay(agedThrough(disbursed, date)) as LoanRecord;
        expect(loan.collections?.classification).toBe(classification);
      }
    });
  });

  describe('when run again', () => {
    it('for the same date, appends nothing', () => {
      given(agedThrough(disbursed, '2021-04-15'), NO_GRACE).when(closeBusinessDay('2021-04-15')).then([]);
    });
    it('for an earlier date, appends nothing', () => {
      given(agedThrough(disbursed, '2021-04-15'), NO_GRACE).when(closeBusinessDay('2021-04-01')).then([]);
    });
  });

  describe('when days were missed', () => {
    it('a catch-up run decides exactly what daily runs would have, in date order', () => {
      let daily = disbursed;
      for (let day = 1; day <= 31; day++) daily = agedThrough(daily, `2021-05-${String(day).padStart(2, '0')}`);
      const caughtUp = agedThrough(disbursed, '2021-05-31');
      expect(caughtUp).toEqual(daily);
      const dates = caughtUp.slice(disbursed.length).map((e) => ('date' in e.data ? e.data.date : (e.data as { dueDate: string }).dueDate));
      expect(dates).toEqual([...dates].sort());
    });
  });

  describe('with grace days', () => {
    const GRACE_3 = product(3, PENAL);
    it('within the grace days the instalment is due, not overdue, and no charge is taken', () => {
      const events = run(disbursed, '2021-04-02', GRACE_3);
      expect(ofType(events, 'InstalmentWentOverdue')).toEqual([]);
      expect(ofType(events, 'PenalChargeApplied')).toEqual([]);
    });
    it('unpaid at the day end of the last grace day, it goes overdue and takes the penal charge once', () => {
      given(agedThrough(disbursed, '2021-04-02', GRACE_3), GRACE_3)
        .when(closeBusinessDay('2021-04-03'))
        .then([
          {
            type: 'InstalmentWentOverdue',
            data: { ...base, instalmentNumber: 1, dueDate: '2021-03-31', date: '2021-04-03', amountOverdue: EMI },
          },
          { type: 'PenalChargeApplied', data: { ...base, chargeId: 'penal-1', instalmentNumber: 1, amount: PENAL, date: '2021-04-03' } },
        ]);
    });
    it('paid within the grace days, it never goes overdue', () => {
      const history = [...agedThrough(disbursed, '2021-04-01', GRACE_3), repaid('p1', '2021-04-02', EMI)];
      const events = run(history, '2021-04-20', GRACE_3);
      expect(ofType(events, 'InstalmentWentOverdue')).toEqual([]);
      expect(ofType(events, 'LoanClassificationChanged').map((e) => e.data.date)).toEqual(['2021-04-02']);
    });
  });

  describe('the penal charge', () => {
    it('is taken once per instalment however long it stays overdue', () => {
      const charges = ofType(run(disbursed, '2021-06-15'), 'PenalChargeApplied').map((e) => e.data);
      expect(charges.map((c) => [c.instalmentNumber, c.date])).toEqual([
        [1, '2021-03-31'],
        [2, '2021-04-30'],
        [3, '2021-05-31'],
      ]);
    });

    it('adds a flat penalty to what is owed (no interest on it), and a payment pays it first', () => {
      const overdue = agedThrough(disbursed, '2021-04-01');
      const owed = replay(overdue) as LoanRecord;
      expect(owed.servicing?.events.at(-1)).toEqual({
        type: 'ChargeApplied',
        chargeId: 'penal-1',
        instalmentNumber: 1,
        kind: 'penalty',
        amount: PENAL,
        valueDate: '2021-03-31',
      });
      const paidEmi = [...overdue, repaid('p1', '2021-04-05', EMI)];
      // The EMI paid the penalty first (mifos-standard), so PENAL of instalment 1's principal is still past due.
      expect((replay(paidEmi) as LoanRecord).servicing?.events.length).toBe(2);
      expect(run(paidEmi, '2021-04-06')).toEqual([]);
      expect(
        ofType(run([...paidEmi, repaid('p2', '2021-04-06', PENAL)], '2021-04-06'), 'LoanClassificationChanged').map((e) => e.data.to),
      ).toEqual(['standard']);
    });
  });

  describe('given an NPA', () => {
    const npa = agedThrough(disbursed, '2021-06-29', product(0, 0));

    it('paying the oldest instalment leaves it NPA while other arrears remain', () => {
      const history = [...npa, repaid('p1', '2021-07-01', EMI)];
      expect(ofType(run(history, '2021-07-01', product(0, 0)), 'LoanClassificationChanged')).toEqual([]);
    });

    it('paying every arrear returns it to standard', () => {
      // By 1 July four instalments are due; a paisa of the fourth is still owed until 2 July.
      const history = [...npa, repaid('p1', '2021-07-01', 4 * EMI - 1), repaid('p2', '2021-07-02', 1)];
      given(history, product(0, 0))
        .when(closeBusinessDay('2021-07-02'))
        .then([
          { type: 'InstalmentFellDue', data: { ...base, instalmentNumber: 4, dueDate: '2021-06-30', amountDue: EMI } },
          {
            type: 'InstalmentWentOverdue',
            data: { ...base, instalmentNumber: 4, dueDate: '2021-06-30', date: '2021-06-30', amountOverdue: EMI },
          },
          { type: 'LoanClassificationChanged', data: { ...base, from: 'NPA', to: 'standard', dpd: 0, date: '2021-07-02' } },
        ]);
    });
  });

  describe('across a leap day', () => {
    it('due 31 January 2024 and unpaid, it turns SMA-1 at the day end of 1 March', () => {
      const leap: LoanEvent[] = [
        ...disbursed.slice(0, -1),
        {
          ...disbursed.at(-1)!,
          data: {
            ...disbursed.at(-1)!.data,
            disbursedOn: '2023-12-31',
            servicingTerms: { ...TERMS, disbursedOn: '2023-12-31', firstDueDate: '2024-01-31' },
          },
        } as LoanEvent,
      ];
      const changes = ofType(run(leap, '2024-03-01', product(0, 0)), 'LoanClassificationChanged').map((e) => [e.data.to, e.data.date]);
      expect(changes).toEqual([
        ['SMA-0', '2024-01-31'],
        ['SMA-1', '2024-03-01'],
      ]);
    });
  });

  describe("the loan's row", () => {
    const stored = storedStateOf;
    const GRACE_3 = product(3, PENAL);

    it('keeps its loan_state through an instalment falling due, going overdue and a change of class', () => {
      const before = replay(disbursed) as LoanRecord;
      const fellDue = agedThrough(disbursed, '2021-03-31', GRACE_3);
      const wentOverdue = [...fellDue, ...run(fellDue, '2021-04-03', product(3, 0))];
      expect(wentOverdue.slice(fellDue.length).map((e) => e.type)).toEqual(['InstalmentWentOverdue']);
      for (const history of [fellDue, wentOverdue]) {
        const loan = replay(history) as LoanRecord;
        expect(stored(loan).loan_state).toEqual(stored(before).loan_state);
        expect(loanStateOf(stored(loan))).toEqual(loan);
      }
      expect(stored(replay(wentOverdue) as LoanRecord).collections_state).toMatchObject({
        classification: 'SMA-0',
        fellDue: [1],
        overdue: [1],
      });
    });

    it('is updated in those columns alone: the version, the last move and what close of business recorded', () => {
      const fellDue = agedThrough(disbursed, '2021-03-31', GRACE_3);
      const events = fellDue.slice(disbursed.length);
      const loan = replay(fellDue) as LoanRecord;
      const upsert = loanSummaryUpsert(loan, loan.version, null, events)!;
      expect(upsert.mode).toBe('update');
      expect(Object.keys(upsert.row).sort()).toEqual(
        ['id', 'version', 'last_position', 'updated_at', 'last_actor_id', 'last_actor_role', 'last_reason', 'last_move']
          .concat(['collections_state', 'dpd', 'classification', 'overdue_since', 'next_cob_on'])
          .sort(),
      );
      expect(upsert.row).toMatchObject({ dpd: 1, classification: 'SMA-0', overdue_since: '2021-03-31' });
    });

    it('a penal charge adds a penalty to the servicing: the whole row is written', () => {
      const fellDue = agedThrough(disbursed, '2021-03-31', GRACE_3);
      const charged = run(fellDue, '2021-04-03', GRACE_3);
      expect(charged.map((e) => e.type)).toEqual(['InstalmentWentOverdue', 'PenalChargeApplied']);
      const loan = replay([...fellDue, ...charged]) as LoanRecord;
      expect(stored(loan).loan_state).not.toEqual(stored(replay(fellDue) as LoanRecord).loan_state);
      expect(loanStateOf(stored(loan))).toEqual(loan);
      const upsert = loanSummaryUpsert(loan, loan.version, null, charged)!;
      expect(upsert.mode).toBeUndefined();
      expect(upsert.row).toHaveProperty('loan_state');
    });
  });

  it('a bad date is refused with the field named', () => {
    given(disbursed, NO_GRACE).when(closeBusinessDay('2021-02-30')).thenThrows(InvalidLoanInput, 'LOAN.INVALID_INPUT');
  });
});
