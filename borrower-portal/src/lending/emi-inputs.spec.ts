import { describe, expect, it } from 'vitest';
import { emiInputMessages, emiInputsValid, type EmiBounds } from './emi-inputs';

const personalLoan: EmiBounds = { amount: { min: 1_000_000, max: 50_000_000 }, months: { min: 3, max: 36 } };
const ok = { principal: 10_000_000, annualRatePercent: 18, months: 12 };

describe('the EMI calculator’s figures', () => {
  describe('given a product from ₹10,000 to ₹5,00,000 over 3 to 36 months', () => {
    it('when the figures are inside its limits, then nothing is wrong', () => {
      const messages = emiInputMessages(ok, personalLoan);
      expect(messages).toEqual({ principal: null, annualRatePercent: null, months: null });
      expect(emiInputsValid(messages)).toBe(true);
    });

    it('when the amount is 5 rupees, then it asks for an amount within the limits and the figures are not valid', () => {
      const messages = emiInputMessages({ ...ok, principal: 500 }, personalLoan);
      expect(messages.principal).toBe('Choose an amount from ₹10,000 to ₹5,00,000');
      expect(emiInputsValid(messages)).toBe(false);
    });

    it('when the amount is above the maximum, then the same message', () => {
      expect(emiInputMessages({ ...ok, principal: 50_000_100 }, personalLoan).principal).toBe('Choose an amount from ₹10,000 to ₹5,00,000');
    });

    it('when the amount is exactly the minimum or the maximum, then it is accepted', () => {
      expect(emiInputMessages({ ...ok, principal: 1_000_000 }, personalLoan).principal).toBeNull();
      expect(emiInputMessages({ ...ok, principal: 50_000_000 }, personalLoan).principal).toBeNull();
    });

    it('when the tenure is outside 3 to 36 months, then it says the range', () => {
      expect(emiInputMessages({ ...ok, months: 2 }, personalLoan).months).toBe('Choose a tenure from 3 to 36 months');
      expect(emiInputMessages({ ...ok, months: 37 }, personalLoan).months).toBe('Choose a tenure from 3 to 36 months');
      expect(emiInputMessages({ ...ok, months: 36 }, personalLoan).months).toBeNull();
    });

    it('when a field is cleared, then it asks for it and the figures are not valid', () => {
      const messages = emiInputMessages({ principal: null, annualRatePercent: 18, months: null }, personalLoan);
      expect(messages.principal).toBe('Enter the loan amount in rupees, e.g. 1,00,000');
      expect(messages.months).toBe('Enter the number of months, e.g. 12');
      expect(emiInputsValid(messages)).toBe(false);
    });
  });

  describe('given no product (none open, or it could not be loaded)', () => {
    it('when the amount is under a rupee or the tenure over 50 years, then only what the API cannot compute is refused', () => {
      expect(emiInputMessages({ ...ok, principal: 50 }, null).principal).toBe('Enter an amount from ₹1');
      expect(emiInputMessages({ ...ok, principal: 500 }, null).principal).toBeNull();
      expect(emiInputMessages({ ...ok, months: 601 }, null).months).toBe('Choose a tenure from 1 to 600 months');
    });

    it('when the rate is outside 0 to 100 %, then it says so', () => {
      expect(emiInputMessages({ ...ok, annualRatePercent: 101 }, null).annualRatePercent).toBe('The rate must be between 0 and 100 %');
      expect(emiInputMessages({ ...ok, annualRatePercent: null }, null).annualRatePercent).toBe('Enter the yearly interest rate, e.g. 18');
    });
  });
});
