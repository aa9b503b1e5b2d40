import { formatMoney } from '@lending/web-common/format';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { isOpenInstalment, owedOn } from '@lending/web-common/servicing';
import { loanReference } from '../loans/labels';

/** "payment_reminder" -> "Payment reminder": a template as staff read it (the provider's name stays the value sent). */
export function templateLabel(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PARAMETER_LABELS: Record<string, string> = { name: 'Borrower’s name', amount: 'Amount', loanReference: 'Loan reference' };

/** A template parameter's label: "Borrower’s name" for `name`; others read like template names. */
export const parameterLabel = (parameter: string) => PARAMETER_LABELS[parameter] ?? templateLabel(parameter);

/**
 * What the loan page knows for a template's parameters: the borrower's name, the amount to pay now (arrears, else
 * what is left of the next instalment, else the EMI, else the loan amount) and the loan reference.
 */
export function whatsappValues(
  loan: Pick<Loan, 'id' | 'borrower' | 'currency' | 'arrears' | 'instalments' | 'instalmentAmount' | 'approvedAmount' | 'amount'>,
): Record<string, string> {
  const next = loan.instalments.find(isOpenInstalment);
  const nextOwed = next ? owedOn(next) : 0;
  const amount =
    loan.arrears && loan.arrears.amountDueNow > 0
      ? loan.arrears.amountDueNow
      : nextOwed > 0
        ? nextOwed
        : (loan.instalmentAmount ?? loan.approvedAmount ?? loan.amount);
  return {
    ...(loan.borrower ? { name: loan.borrower.name } : {}),
    amount: formatMoney(amount, loan.currency),
    loanReference: loanReference(loan.id),
  };
}

/** The template's parameters in order, each prefilled from `values` where known, else empty for staff to fill. */
export const prefilledParameters = (parameters: readonly string[], values: Record<string, string>) =>
  parameters.map((p) => values[p] ?? '');

/** The message as the borrower will read it: each {{n}} replaced by its value, or by its label in brackets while empty. */
export function templatePreview(body: string, parameters: readonly string[], values: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (_all, n: string) => {
    const index = Number(n) - 1;
    return values[index]?.trim() || `[${parameterLabel(parameters[index] ?? n)}]`;
  });
}
