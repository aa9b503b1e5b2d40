import { formatDate, formatMoney, parseAmount } from '@lending/web-common/format';
import type { AmountDue, ForeclosureQuote } from '@lending/web-common/servicing';

/** One of the amounts the Pay form offers. */
export type PayChoice = { id: 'due' | 'payoff' | 'other'; label: string; amount: number | null };

/**
 * What the borrower may pay: what is due now (the default; never an instalment not yet due, issue 27), the
 * foreclosure total, or an amount of their own (paying ahead: the next instalments, or principal if they choose).
 */
export function payChoices(due: AmountDue | null, quote: ForeclosureQuote | null, currency: string): PayChoice[] {
  const choices: PayChoice[] = [];
  if (due?.fallenDue) {
    const what = due.late ? `What is due now, overdue since ${formatDate(due.dueDate)}` : 'What is due now';
    choices.push({ id: 'due', label: `${what}: ${formatMoney(due.amount, currency)}`, amount: due.amount });
  }
  if (quote && quote.total > 0 && quote.total !== due?.amount) {
    choices.push({ id: 'payoff', label: `Pay off the whole loan today: ${formatMoney(quote.total, currency)}`, amount: quote.total });
  }
  choices.push({ id: 'other', label: 'Another amount', amount: null });
  return choices;
}

/**
 * The amount to send for the chosen option, or the sentence that says what is wrong with the typed one. More than
 * the payoff total is refused here: the excess would only sit as a credit balance until staff refund it.
 */
export function chosenAmount(
  choice: PayChoice,
  typed: string,
  currency: string,
  payoffTotal: number | null,
): { amount: number } | { error: string } {
  if (choice.amount !== null) return { amount: choice.amount };
  if (!typed.trim()) return { error: 'Enter the amount you want to pay.' };
  const amount = parseAmount(typed, currency);
  if (amount === null) return { error: 'Enter an amount in rupees, with at most two decimals, for example 2500 or 2500.50.' };
  if (amount <= 0) return { error: 'The amount must be more than zero.' };
  if (payoffTotal !== null && amount > payoffTotal)
    return { error: `That is more than the whole loan: at most ${formatMoney(payoffTotal, currency)}.` };
  return { amount };
}
