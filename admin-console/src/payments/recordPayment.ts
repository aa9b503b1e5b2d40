import { formatDate, formatMoney, minorDigits, parseAmount } from '@lending/web-common/format';
import { isCalendarDateOnOrBefore, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@lending/web-common/servicing';
import type { ReactNode } from 'react';
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
/** What money beyond the running instalment does: the product's setting, or the payer's explicit choice. */
export const EXTRA_CHOICES = [
  { id: 'product', name: 'As the product says (by default: the next instalments, paid in advance)' },
  { id: 'principal', name: 'Pay extra to reduce principal' },
];

/** The record-payment form's values as the preview (and the command) read them; null while the amount is not valid. */
export function paymentOf(
  values: Record<string, string>,
  currency: string,
): { amount: number; paidOn: string; reducePrincipal: boolean } | null {
  const amount = parseAmount(values.amount ?? '', currency);
  if (amount === null || amount <= 0 || !/^\d{4}-\d{2}-\d{2}$/.test(values.paidOn ?? '')) return null;
  return { amount, paidOn: values.paidOn!, reducePrincipal: values.extra === 'principal' };
}

export function recordPaymentSpec(
  currency: string,
  businessDate: string,
  due: number | null,
  preview?: (values: Record<string, string>) => ReactNode,
): ActionSpec<'record'> {
  return {
    action: 'record',
    label: 'Record payment',
    confirm: 'Record money the borrower paid outside the portal. It is applied once a second staff member verifies it.',
    color: 'primary',
    fields: [
      amountField(
        'Amount (₹)',
        currency,
        due,
        due
          ? `Due now: ${formatMoney(due, currency)}`
          : 'Nothing is due now: the amount pays the instalments ahead (or reduces principal, below)',
      ),
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
      {
        name: 'reference',
        label: 'Reference',
        helperText: 'UTR, UPI reference or cheque number; for cash, the receipt number if there is one',
      },
      {
        name: 'extra',
        label: 'Beyond what is due',
        type: 'select',
        defaultValue: 'product',
        choices: EXTRA_CHOICES,
        helperText: 'What is due is always paid first, then this period’s instalment',
      },
    ],
    preview,
    check: (values): Record<string, string> =>
      values.method && values.method !== 'cash' && !values.reference?.trim()
        ? { reference: `Required for ${PAYMENT_METHOD_LABELS[values.method] ?? values.method}` }
        : {},
    body: (values) => ({
      amount: parseAmount(values.amount, currency),
      method: values.method,
      paidOn: values.paidOn,
      reference: (values.reference ?? '').trim(),
      reducePrincipal: values.extra === 'principal',
    }),
  };
}

/** Paying back money held beyond what is owed: requested here, paid once a second staff member approves. */
export function refundSpec(currency: string, creditBalance: number): ActionSpec<'request-refund'> {
  return {
    action: 'request-refund',
    label: 'Refund credit',
    confirm: `The borrower paid ${formatMoney(creditBalance, currency)} more than the loan owes. Ask for it to be refunded to their bank account? A second staff member approves the refund.`,
    color: 'primary',
    fields: [
      amountField('Amount to refund (₹)', currency, creditBalance, `At most ${formatMoney(creditBalance, currency)}`, creditBalance),
    ],
    body: (values) => ({ amount: parseAmount(values.amount, currency) }),
  };
}
