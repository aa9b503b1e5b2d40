import { formatDate, formatMoney, minorDigits, parseAmount } from '@lending/web-common/format';
import { isCalendarDateOnOrBefore, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@lending/web-common/servicing';
import type { ActionSpec } from '../loans/actions';

/** A major-unit amount as a form field holds it ("8884.88" from 888488 paise). */
export const majorText = (minor: number, currency: string) => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

const amountField = (label: string, currency: string, defaultMinor: number | null, helperText: string, max?: number) => ({
  name: 'amount',
  label,
  required: true,
  defaultValue: defaultMinor ? majorText(defaultMinor, currency) : undefined,
  helperText,
  validate: (value: string) => {
    const minor = parseAmount(value, currency);
    if (minor === null) return `An amount in rupees with at most ${minorDigits(currency)} decimals, e.g. 2500.50`;
    if (minor <= 0) return 'More than zero';
    return max !== undefined && minor > max ? `At most ${formatMoney(max, currency)}` : null;
  },
});

/**
 * Recording money received at the counter or by transfer: the amount prefilled with what is due, the value date with
 * the business date (never later), the method and its reference. The payment waits for a second person's verify.
 */
export function recordPaymentSpec(currency: string, businessDate: string, due: number | null): ActionSpec<'record'> {
  return {
    action: 'record',
    label: 'Record payment',
    confirm: 'Record money the borrower paid outside the portal. It is applied once a second staff member verifies it.',
    color: 'primary',
    fields: [
      amountField('Amount (₹)', currency, due, due ? `Due now: ${formatMoney(due, currency)}` : 'Nothing is due now: an amount prepays principal'),
      {
        name: 'method',
        label: 'Method',
        required: true,
        type: 'select',
        defaultValue: 'cash',
        choices: PAYMENT_METHODS.map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] })),
      },
      {
        name: 'paidOn',
        label: 'Paid on',
        required: true,
        type: 'date',
        defaultValue: businessDate,
        helperText: `When the money counts; at the latest the business date, ${formatDate(businessDate)}`,
        validate: (value) => (isCalendarDateOnOrBefore(value, businessDate) ? null : `A date on or before ${formatDate(businessDate)}`),
      },
      { name: 'reference', label: 'Reference', helperText: 'UTR, UPI reference or cheque number; for cash, the receipt number if there is one' },
    ],
    check: (values): Record<string, string> =>
      values.method && values.method !== 'cash' && !values.reference?.trim() ? { reference: `Required for ${PAYMENT_METHOD_LABELS[values.method] ?? values.method}` } : {},
    body: (values) => ({ amount: parseAmount(values.amount, currency), method: values.method, paidOn: values.paidOn, reference: (values.reference ?? '').trim() }),
  };
}

/** Paying back money held beyond what is owed: requested here, paid once a second staff member approves. */
export function refundSpec(currency: string, creditBalance: number): ActionSpec<'request-refund'> {
  return {
    action: 'request-refund',
    label: 'Refund credit',
    confirm: `The borrower paid ${formatMoney(creditBalance, currency)} more than the loan owes. Ask for it to be refunded to their bank account? A second staff member approves the refund.`,
    color: 'primary',
    fields: [amountField('Amount to refund (₹)', currency, creditBalance, `At most ${formatMoney(creditBalance, currency)}`, creditBalance)],
    body: (values) => ({ amount: parseAmount(values.amount, currency) }),
  };
}
