import { describe, expect, it } from '@jest/globals';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { happyPath, LOAN_ID } from '../../loan/domain/loan-history.fixture.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { ReminderIdentity } from './reminder.events.js';
import { reminderRecorded, type RecordCollectionReminder } from './reminder-outcomes.js';

const AT = '2026-03-18T06:00:00.000Z';
const JOB: Actor = { id: 'system:collection-reminders', role: 'staff' };
const DUE_SOON: ReminderIdentity = { instalmentNumber: 1, offsetDays: -3, kind: 'due-soon', dueOn: '2026-03-21' };
const OVERDUE: ReminderIdentity = { instalmentNumber: 1, offsetDays: 1, kind: 'overdue', dueOn: '2026-03-21' };

const sendRecorded = (reminder = DUE_SOON): RecordCollectionReminder => ({
  type: 'RecordCollectionReminder',
  data: { loanId: LOAN_ID, at: AT, actor: JOB, ...reminder, outcome: 'sent', channels: ['email', 'push'], emailId: 'email-1' },
});
const skipRecorded = (reminder = DUE_SOON): RecordCollectionReminder => ({
  type: 'RecordCollectionReminder',
  data: { loanId: LOAN_ID, at: AT, actor: JOB, ...reminder, outcome: 'skipped-paid' },
});
const sent = (reminder = DUE_SOON): LoanEvent => ({
  type: 'CollectionReminderSent',
  data: { loanId: LOAN_ID, at: AT, actor: JOB, ...reminder, channels: ['email', 'push'], emailId: 'email-1' },
});
const skipped = (reminder = DUE_SOON): LoanEvent => ({
  type: 'CollectionReminderSkipped',
  data: { loanId: LOAN_ID, at: AT, actor: JOB, ...reminder, reason: 'paid' },
});

const active = happyPath('EMI');

describe('recording what became of a collection reminder', () => {
  it('given an active loan, when the job sent the reminder, then CollectionReminderSent with its channels and email', () => {
    given(active).when(sendRecorded()).then([sent()]);
  });

  it('given an active loan, when the instalment was paid before the job ran, then CollectionReminderSkipped as paid', () => {
    given(active).when(skipRecorded()).then([skipped()]);
  });

  it('given the reminder was sent, when the job records it again (a retry), then nothing is appended', () => {
    given([...active, sent()])
      .when(sendRecorded())
      .then([]);
  });

  it('given the reminder was skipped, when a late run would send it, then nothing is appended: one outcome per reminder', () => {
    given([...active, skipped()])
      .when(sendRecorded())
      .then([]);
  });

  it('given the due-soon reminder was sent, when the overdue reminder of the same instalment is sent, then it is recorded too', () => {
    given([...active, sent()])
      .when(sendRecorded(OVERDUE))
      .then([sent(OVERDUE)]);
  });

  it('given the events, then the loan knows which reminders are recorded, by instalment and offset', () => {
    const loan = replay([...active, sent(), skipped(OVERDUE)]) as LoanRecord;
    expect(reminderRecorded(loan, DUE_SOON)).toBe(true);
    expect(reminderRecorded(loan, OVERDUE)).toBe(true);
    expect(reminderRecorded(loan, { instalmentNumber: 2, offsetDays: -3 })).toBe(false);
    expect(reminderRecorded(replay(active) as LoanRecord, DUE_SOON)).toBe(false);
  });
});
