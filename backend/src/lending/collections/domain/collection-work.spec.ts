import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { defaultProductParameters } from '../../loan/domain/terms/loan-product.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { happyPath, historyTo, LOAN_ID, STAFF } from '../../loan/domain/loan-history.fixture.js';
import { IllegalTransition, InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { NotTheAssignee, type AssignCollector, type RecordCollectionContact } from './collection-work.js';

const AT = '2026-03-10T10:00:00.000Z';
const TODAY = '2026-03-10';
const COLLECTOR: Actor = { id: 'collector-1', role: 'staff' };
const LEAD: Actor = { id: 'lead-1', role: 'staff' };

const assign = (staffId: string | null, actor = LEAD): AssignCollector => ({
  type: 'AssignCollector',
  data: { loanId: LOAN_ID, at: AT, actor, staffId },
});
const contact = (data: Partial<RecordCollectionContact['data']> = {}, actor = COLLECTOR): RecordCollectionContact => ({
  type: 'RecordCollectionContact',
  data: {
    loanId: LOAN_ID,
    at: AT,
    actor,
    channel: 'call',
    outcome: 'no-answer',
    note: '',
    businessDate: TODAY,
    mayWorkAnyLoan: false,
    ...data,
  },
});
const assigned = (staffId: string | null, by = LEAD): LoanEvent => ({
  type: 'CollectorAssigned',
  data: { loanId: LOAN_ID, at: AT, actor: by, staffId, by: by.id },
});

/** What the decider appends, for the specs that look at part of it. */
const decided = (history: LoanEvent[], command: AssignCollector | RecordCollectionContact) =>
  decide(command, replay(history), defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI'));

const active = happyPath('EMI');
const withCollector = [...active, assigned(COLLECTOR.id)];

describe('assigning a collector', () => {
  describe('when the loan is active', () => {
    it('records CollectorAssigned with who decided it', () => {
      given(active)
        .when(assign(COLLECTOR.id))
        .then([assigned(COLLECTOR.id)]);
    });

    it('the same collector again records nothing', () => {
      given(withCollector).when(assign(COLLECTOR.id)).then([]);
    });

    it('another collector, or none (staffId null), is recorded', () => {
      given(withCollector)
        .when(assign('collector-2'))
        .then([assigned('collector-2')]);
      given(withCollector)
        .when(assign(null))
        .then([assigned(null)]);
    });

    it('unassigning a loan nobody works records nothing', () => {
      given(active).when(assign(null)).then([]);
    });
  });

  describe('when the loan is not being serviced', () => {
    it.each(['applied', 'closed'] as const)('in state %s it is refused as a conflict', (state) => {
      const error = given(historyTo(state, 'EMI')).when(assign(COLLECTOR.id)).thenThrows(IllegalTransition);
      expect(error.details).toMatchObject({ currentState: state });
    });
  });
});

describe('recording a contact', () => {
  describe('when the loan is assigned to the collector', () => {
    it('records CollectionContactRecorded on the business date, the note trimmed', () => {
      given(withCollector)
        .when(contact({ channel: 'whatsapp', outcome: 'callback', note: '  call after 6pm ' }))
        .then([
          {
            type: 'CollectionContactRecorded',
            data: {
              loanId: LOAN_ID,
              at: AT,
              actor: COLLECTOR,
              channel: 'whatsapp',
              outcome: 'callback',
              note: 'call after 6pm',
              businessDate: TODAY,
              by: COLLECTOR.id,
            },
          },
        ]);
    });

    it('a promise to pay carries its date, from the business date up to 30 days on', () => {
      for (const promiseToPayOn of [TODAY, '2026-04-09']) {
        const [event] = decided(withCollector, contact({ outcome: 'promised-to-pay', promiseToPayOn }));
        expect(event).toMatchObject({ type: 'CollectionContactRecorded', data: { outcome: 'promised-to-pay', promiseToPayOn } });
      }
    });

    it('a promise without a date, in the past or beyond 30 days is refused naming promiseToPayOn', () => {
      for (const promiseToPayOn of [undefined, '2026-03-09', '2026-04-10', '10/03/2026']) {
        const error = given(withCollector)
          .when(contact({ outcome: 'promised-to-pay', promiseToPayOn }))
          .thenThrows(InvalidLoanInput);
        expect(error.fields.map((f) => f.name)).toEqual(['promiseToPayOn']);
      }
    });

    it('a promise date with another outcome is refused', () => {
      const error = given(withCollector)
        .when(contact({ outcome: 'refused', promiseToPayOn: TODAY }))
        .thenThrows(InvalidLoanInput);
      expect(error.fields.map((f) => f.name)).toEqual(['promiseToPayOn']);
    });

    it('an unknown channel or outcome is refused naming each', () => {
      const error = given(withCollector)
        .when(contact({ channel: 'pigeon' as never, outcome: 'maybe' as never }))
        .thenThrows(InvalidLoanInput);
      expect(error.fields.map((f) => f.name)).toEqual(['channel', 'outcome']);
    });

    it('the loan remembers the last promise and the business date it was made on; a later contact without one keeps it', () => {
      const promised = decided(withCollector, contact({ outcome: 'promised-to-pay', promiseToPayOn: '2026-03-15' }));
      const later = decided([...withCollector, ...promised], contact({ businessDate: '2026-03-12' }));
      const loan = replay([...withCollector, ...promised, ...later]) as LoanRecord;
      expect(loan.collector).toEqual({ staffId: COLLECTOR.id, promise: { on: '2026-03-15', madeOn: TODAY } });
    });
  });

  describe('when the loan is not assigned to the actor', () => {
    it('a collector is refused (not-assignee)', () => {
      given(active).when(contact()).thenThrows(NotTheAssignee, 'COLLECTIONS.NOT_ASSIGNEE');
      given([...active, assigned('collector-2')])
        .when(contact())
        .thenThrows(NotTheAssignee);
    });

    it('staff who may work any loan (collections.manage) record it', () => {
      const events = decided(active, contact({ mayWorkAnyLoan: true }, STAFF));
      expect(events.map((e) => e.type)).toEqual(['CollectionContactRecorded']);
    });
  });

  describe('when the loan is closed', () => {
    it('is refused as a conflict', () => {
      given(historyTo('closed', 'EMI'))
        .when(contact({ mayWorkAnyLoan: true }))
        .thenThrows(IllegalTransition);
    });
  });
});
