import { describe, expect, it } from '@jest/globals';
import type { AutoDebitNoticeMessage } from '../../lending/public/index.js';
import { autoDebitNotice } from './auto-debit-notices.js';

const LOAN = '3f2a91c0-0000-4000-8000-000000000000';
const context = { lenderName: 'Open Lending', portalUrl: 'https://lending.example.com', currency: 'INR' };
const base = {
  noticeId: 'n-1',
  loanId: LOAN,
  loanType: 'EMI' as const,
  loanAmount: 10_000_000,
  mandateKind: 'upi-autopay' as const,
  borrower: { id: 'b-1', name: 'Asha Rao', email: 'asha@example.com', phone: '+919800000000' },
};
const notice = (extra: object) => autoDebitNotice({ ...base, ...extra } as AutoDebitNoticeMessage, context);
const PAY = `https://lending.example.com/User/Loans/${LOAN}#pay`;

describe('what an auto-debit notice says', () => {
  it('given a UPI pre-debit notice, then the SMS and the email name the amount and the debit date', () => {
    const said = notice({ kind: 'pre-debit', instalmentNumber: 3, amount: 897_800, debitOn: '2026-12-21' });
    expect(said.template).toBe('auto-debit-pre-debit');
    expect(said.sms).toBe(
      'Open Lending: ₹8,978.00 for instalment 3 of loan 3F2A91C0 will be debited by UPI AutoPay on 21 Dec 2026. Keep the amount in your account.',
    );
    expect(said.variables).toMatchObject({ debitAmount: '₹8,978.00', debitDate: '21 Dec 2026', instalmentNumber: '3', payUrl: PAY });
  });

  it('given a bounce, then the SMS gives the reason in words and the link to pay now; the email the next attempt', () => {
    const said = notice({
      kind: 'bounced',
      instalmentNumber: 1,
      amount: 897_800,
      reason: 'Insufficient funds',
      nextAttemptOn: '2026-12-26',
      mandateKind: 'e-nach',
    });
    expect(said.template).toBe('auto-debit-bounced');
    expect(said.sms).toBe(
      `Open Lending: your bank returned the auto-debit of ₹8,978.00 for instalment 1 of loan 3F2A91C0 (Insufficient funds). Pay now: ${PAY}`,
    );
    expect(said.variables).toMatchObject({ bounceReason: 'Insufficient funds', nextAttemptDate: '26 Dec 2026', mandateKind: 'e-NACH' });
  });

  it('given a mandate ended on an active loan, then the borrower is told it is back on manual payment, the next due date and the link', () => {
    const said = notice({
      kind: 'mandate-ended',
      cause: 'cancelled at your request',
      loanActive: true,
      nextDue: { instalmentNumber: 4, dueOn: '2027-01-21', amountDue: 897_800 },
    });
    expect(said.template).toBe('auto-debit-ended');
    expect(said.sms).toBe(
      'Open Lending: the UPI AutoPay mandate of loan 3F2A91C0 is cancelled (cancelled at your request). ' +
        `Please pay each instalment yourself: the next, ₹8,978.00, is due on 21 Jan 2027. Pay: ${PAY}`,
    );
    expect(said.variables).toMatchObject({
      manualPayment: 'yes',
      nextDueDate: '21 Jan 2027',
      nextDueAmount: '₹8,978.00',
      instalmentNumber: '4',
    });
  });

  it('given a mandate ended because the loan closed, then nothing is asked of the borrower', () => {
    const said = notice({ kind: 'mandate-ended', cause: 'your loan is repaid and closed', loanActive: false, nextDue: null });
    expect(said.sms).toBe('Open Lending: the UPI AutoPay mandate of loan 3F2A91C0 is cancelled (your loan is repaid and closed).');
    expect(said.variables).toMatchObject({ manualPayment: '', nextDueDate: '' });
  });
});
