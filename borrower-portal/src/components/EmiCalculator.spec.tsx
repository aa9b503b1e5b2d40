import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmiCalculator } from './EmiCalculator';
import { QUOTE_DEBOUNCE_MS } from './useEmiQuote';

const quote = {
  emi: 3433830,
  totalInterest: 301489,
  totalPayable: 10301489,
  schedule: [
    { number: 1, principal: 3283830, interest: 150000, balance: 6716170 },
    { number: 2, principal: 3333087, interest: 100743, balance: 3383083 },
    { number: 3, principal: 3383083, interest: 50746, balance: 0 },
  ],
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('EmiCalculator', () => {
  it('asks the API in paise once the typing settles, and shows its EMI, interest and schedule', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(quote), { headers: { 'Content-Type': 'application/json' } }));
    render(<EmiCalculator initial={{ principal: 5_000_000, annualRatePercent: 18, months: 3 }} />);
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '1,00,000' } });
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '100000' } });
    await act(async () => vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/public/emi?principal=10000000&annualRatePercent=18&months=3');
    vi.useRealTimers();
    expect(await screen.findByTestId('emi')).toHaveTextContent('₹34,338.30');
    expect(screen.getByTestId('total-interest')).toHaveTextContent('₹3,014.89');
    expect(screen.getByTestId('total-payable')).toHaveTextContent('₹1,03,014.89');
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('explains a figure it cannot use without asking the API', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    render(<EmiCalculator initial={{ principal: 10_000_000, annualRatePercent: null, months: 12 }} />);
    fireEvent.change(screen.getByLabelText('Tenure (months)'), { target: { value: '0' } });
    expect(screen.getByText('Choose a tenure from 1 to 600 months')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Interest rate (% a year)'), { target: { value: 'abc' } });
    expect(screen.getByText('Enter the yearly interest rate, e.g. 18')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('within a product’s limits, refuses 5 rupees with the limits and shows no EMI', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(quote), { headers: { 'Content-Type': 'application/json' } }));
    render(
      <EmiCalculator
        initial={{ principal: 10_000_000, annualRatePercent: 18, months: 3 }}
        amountRange={{ min: 1_000_000, max: 50_000_000, step: 50_000 }}
        tenureRange={{ min: 3, max: 36 }}
      />,
    );
    await act(async () => vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS));
    expect(screen.getByTestId('emi')).toHaveTextContent('₹34,338.30');
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '5' } });
    await act(async () => vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS));
    expect(screen.getByText('Choose an amount from ₹10,000 to ₹5,00,000')).toBeInTheDocument();
    expect(screen.queryByTestId('emi')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('forgets the EMI when the amount is cleared, and does not show the old one when it is typed again', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify(quote), { headers: { 'Content-Type': 'application/json' } }),
    );
    render(<EmiCalculator initial={{ principal: 10_000_000, annualRatePercent: 18, months: 3 }} />);
    await act(async () => vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS));
    expect(screen.getByTestId('emi')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '' } });
    expect(screen.queryByTestId('emi')).toBeNull();
    expect(screen.getByText('Enter the loan amount in rupees, e.g. 1,00,000')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '20000' } });
    expect(screen.queryByTestId('emi')).toBeNull();
  });
});
