import { describe, expect, it } from '@jest/globals';
import {
  accountToVerify,
  BankSectionIncomplete,
  bankVerificationRecord,
  BankVerificationFailed,
  namesMatch,
  type BankAccountOnFile,
} from './bank-verification.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';

const account: BankAccountOnFile = { holderName: 'Asha Rao', accountLast4: '6789', ifsc: 'HDFC0001234', accountType: 'savings' };
const credited = (nameAtBank: string) => ({ outcome: 'credited' as const, provider: 'development', reference: 'PD-1', nameAtBank });

describe('the Bank section the stage reads', () => {
  it('given a complete or verified section, then its account is verified', () => {
    expect(accountToVerify({ status: 'complete', account })).toBe(account);
    expect(accountToVerify({ status: 'verified', account })).toBe(account);
  });

  it('given no section, then it is refused naming the bank section', () => {
    let error: unknown;
    try {
      accountToVerify({ status: 'missing' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BankSectionIncomplete);
    expect((error as BankSectionIncomplete).details).toEqual(
      expect.objectContaining({
        section: 'bank',
        sectionStatus: 'missing',
        fields: [{ name: 'bank', message: expect.stringContaining('missing') }],
      }),
    );
  });

  it('given a rejected section, then it is refused with the rejection reason', () => {
    expect(() => accountToVerify({ status: 'rejected', reason: 'IFSC does not exist' })).toThrow(/rejected \(IFSC does not exist\)/);
  });
});

describe('namesMatch', () => {
  it.each([
    ['ASHA RAO', 'Asha Rao'],
    ['RAO ASHA K', 'Asha K. Rao'],
    ['Mrs. Asha Rao', 'Asha Rao'],
    ['A RAO', 'Asha Rao'],
    ['Asha Kiran Rao', 'Asha Rao'],
    ['Meera', 'Meera'],
    ['José Ñúñez', 'JOSE NUNEZ'],
    ['अमित शर्मा', 'अमित शर्मा'],
  ])('"%s" at the bank is the borrower "%s"', (bank, borrower) => {
    expect(namesMatch(bank, borrower)).toBe(true);
  });

  it.each([
    ['Ravi Kumar', 'Asha Rao'],
    ['RAO', 'Asha Rao'],
    ['A R', 'Asha Rao'],
    ['', 'Asha Rao'],
    ['Asha Rai', 'Asha Rao'],
  ])('"%s" at the bank is not the borrower "%s"', (bank, borrower) => {
    expect(namesMatch(bank, borrower)).toBe(false);
  });
});

describe('bankVerificationRecord', () => {
  it('given a penny drop credited to an account in the borrower name, then it records the method, last four, IFSC, reference and match', () => {
    expect(
      bankVerificationRecord({ method: 'penny-drop', account, borrowerName: 'Asha Rao', pennyDrop: credited('ASHA RAO') }, undefined),
    ).toEqual({
      method: 'penny-drop',
      bankAccountLast4: '6789',
      ifsc: 'HDFC0001234',
      pennyDrop: { provider: 'development', reference: 'PD-1', nameAtBank: 'ASHA RAO', nameMatch: true },
    });
  });

  it('given a penny drop the bank refused, then it is refused with the failure and the reference', () => {
    const run = () =>
      bankVerificationRecord(
        {
          method: 'penny-drop',
          account,
          borrowerName: 'Asha Rao',
          pennyDrop: { outcome: 'failed', provider: 'development', reference: 'PD-2', failure: 'no such account' },
        },
        undefined,
      );
    expect(run).toThrow(BankVerificationFailed);
    expect(run).toThrow(/XXXXXX6789 \(HDFC0001234\) failed: no such account \(reference PD-2\).*verify manually/);
  });

  it('given a penny drop to an account in another name, then it is refused naming both names', () => {
    const run = () =>
      bankVerificationRecord({ method: 'penny-drop', account, borrowerName: 'Asha Rao', pennyDrop: credited('Ravi Kumar') }, undefined);
    expect(run).toThrow(BankVerificationFailed);
    expect(run).toThrow(/"Ravi Kumar".*"Asha Rao"/);
  });

  it('given a manual verification with a reason, then it records the method, last four and IFSC only', () => {
    expect(bankVerificationRecord({ method: 'manual', account }, 'Cancelled cheque seen')).toEqual({
      method: 'manual',
      bankAccountLast4: '6789',
      ifsc: 'HDFC0001234',
    });
  });

  it('given a manual verification without a reason, then it is refused naming reason', () => {
    for (const reason of [undefined, '', '   ']) {
      let error: unknown;
      try {
        bankVerificationRecord({ method: 'manual', account }, reason);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidLoanInput);
      expect((error as InvalidLoanInput).fields.map((f) => f.name)).toEqual(['reason']);
    }
  });
});
