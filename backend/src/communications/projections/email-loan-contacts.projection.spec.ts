import { describe, expect, it } from '@jest/globals';
import type { LoanEvent } from '../../lending/public/index.js';
import { evolveContact, prebuildContact } from './email-loan-contacts.projection.js';

const loanId = '5f0c6a2e-0000-4000-8000-000000000001';
const started = {
  type: 'LoanApplicationStarted',
  data: { loanId, borrowerId: 'b-1', loanType: 'EMI', amount: 50_000_00, tenureMonths: 12, annualRatePercent: 18 },
} as unknown as LoanEvent;
const row = evolveContact(undefined, started, 1)!;

/** What an 'update' pre-built row leaves on `before`: its columns set, the rest kept. */
const applied = (before: typeof row, event: LoanEvent, version: number) => {
  const [prebuilt] = prebuildContact([
    { streamId: `loan-${loanId}`, version, type: event.type, data: event.data as Record<string, unknown> },
  ])!;
  return { mode: prebuilt.mode, table: prebuilt.table, key: prebuilt.key, row: { ...before, ...prebuilt.row } };
};

describe('email loan contacts written in the append statement', () => {
  it('given a loan starting, then the whole row is upserted, the row a fold gives', () => {
    const [prebuilt] = prebuildContact([
      { streamId: `loan-${loanId}`, version: 1, type: started.type, data: started.data as Record<string, unknown> },
    ])!;
    expect(prebuilt).toEqual({ projection: 'email-loan-contacts', table: 'email_loan_contacts', key: 'loan_id', mode: 'upsert', row });
  });

  it.each([
    ['a soft approval', { type: 'SoftCheckApproved', data: { loanId, approvedAmount: 40_000_00, score: 700 } }],
    ['an amendment', { type: 'LoanApplicationAmended', data: { loanId, amount: 45_000_00, tenureMonths: 9 } }],
    [
      'an agreement',
      {
        type: 'AgreementIssued',
        data: { loanId, terms: { principal: 40_000_00, tenureMonths: 10, annualRatePercent: 16.5, instalmentAmount: 4_310_00 } },
      },
    ],
  ])('given a started loan, when %s is appended, then the update leaves the row a fold gives', (_label, event) => {
    const loanEvent = event as unknown as LoanEvent;
    expect(applied(row, loanEvent, 4)).toEqual({
      mode: 'update',
      table: 'email_loan_contacts',
      key: 'loan_id',
      row: evolveContact(row, loanEvent, 4),
    });
  });

  it('given a disbursal (its instalment depends on the row) or several events at once, then nothing is pre-built: the projection runs in a transaction', () => {
    const disbursed = {
      streamId: `loan-${loanId}`,
      version: 9,
      type: 'LoanDisbursed',
      data: { loanId, schedule: [], payoutReference: 'P1', disbursedOn: '2026-11-28' },
    };
    expect(prebuildContact([disbursed])).toBeUndefined();
    const approval = { streamId: `loan-${loanId}`, version: 3, type: 'SoftCheckApproved', data: { loanId, approvedAmount: 1 } };
    expect(prebuildContact([approval, { ...approval, version: 4 }])).toBeUndefined();
  });
});
