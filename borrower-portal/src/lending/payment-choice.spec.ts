import { describe, expect, it } from 'vitest';
import { chosenAmount, payChoices } from './payment-choice';

const quote = { date: '2026-03-01', principal: 9_211_512, interest: 46_058, fees: 0, penalties: 0, total: 9_257_570 };
const due = { amount: 888_488, dueDate: '2026-03-15', numbers: [2], late: false, fallenDue: false };

describe('the amounts the Pay form offers', () => {
  it('given only an instalment ahead (nothing due yet, issue 27), then it is not offered: the payoff and an amount of one’s own', () => {
    const choices = payChoices(due, quote, 'INR');
    expect(choices.map((c) => c.id)).toEqual(['payoff', 'other']);
    expect(choices[0]).toMatchObject({ amount: 9_257_570, label: 'Pay off the whole loan today: ₹92,575.70' });
  });

  it('given an instalment due today, then what is due now first', () => {
    const choices = payChoices({ ...due, fallenDue: true }, quote, 'INR');
    expect(choices.map((c) => c.id)).toEqual(['due', 'payoff', 'other']);
    expect(choices[0]).toMatchObject({ amount: 888_488, label: 'What is due now: ₹8,884.88' });
  });

  it('given instalments overdue, then it says since when', () => {
    expect(payChoices({ ...due, fallenDue: true, late: true }, quote, 'INR')[0].label).toBe(
      'What is due now, overdue since 15 Mar 2026: ₹8,884.88',
    );
  });

  it('given the last instalment due, whose remainder is the payoff, then the payoff is not offered twice', () => {
    expect(payChoices({ ...due, fallenDue: true, amount: quote.total }, quote, 'INR').map((c) => c.id)).toEqual(['due', 'other']);
  });

  it('given no quote (the server could not give one), then what is due and another amount', () => {
    expect(payChoices({ ...due, fallenDue: true }, null, 'INR').map((c) => c.id)).toEqual(['due', 'other']);
  });
});

describe('the amount sent', () => {
  const other = { id: 'other' as const, label: 'Another amount', amount: null };

  it('is the option’s own amount', () => {
    expect(chosenAmount({ id: 'due', label: '', amount: 888_488 }, '', 'INR', quote.total)).toEqual({ amount: 888_488 });
  });

  it('is the typed amount in paise', () => {
    expect(chosenAmount(other, '2,500.50', 'INR', quote.total)).toEqual({ amount: 250_050 });
  });

  it('refuses an empty, malformed, zero or too large amount with a sentence', () => {
    expect(chosenAmount(other, ' ', 'INR', quote.total)).toEqual({ error: 'Enter the amount you want to pay.' });
    expect(chosenAmount(other, '12.345', 'INR', quote.total)).toHaveProperty('error', expect.stringMatching(/at most two decimals/));
    expect(chosenAmount(other, '0', 'INR', quote.total)).toEqual({ error: 'The amount must be more than zero.' });
    expect(chosenAmount(other, '100000', 'INR', quote.total)).toEqual({ error: 'That is more than the whole loan: at most ₹92,575.70.' });
  });
});
