import { useEffect, useState } from 'react';
import { ApiError } from '@lending/web-common/http';
import { getEmiQuote, type EmiQuote } from '../api/loans';

export const QUOTE_DEBOUNCE_MS = 350;

export type QuoteInput = { principal: number | null; annualRatePercent: number | null; months: number | null };
type QuoteState = { quote: EmiQuote | null; error: ApiError | null; loading: boolean; input: QuoteInput | null };

/**
 * GET /api/public/emi for the figures typed, debounced; the previous answer stays on screen while the next loads.
 * No figures (a field cleared or out of bounds) or a refusal forget the previous answer.
 */
export function useEmiQuote(input: QuoteInput, delayMs = QUOTE_DEBOUNCE_MS): QuoteState {
  const [state, setState] = useState<QuoteState>({ quote: null, error: null, loading: false, input: null });
  const { principal, annualRatePercent, months } = input;
  useEffect(() => {
    if (principal === null || annualRatePercent === null || months === null) {
      setState({ quote: null, error: null, loading: false, input: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      getEmiQuote(principal, annualRatePercent, months, controller.signal).then(
        (quote) => setState({ quote, error: null, loading: false, input: { principal, annualRatePercent, months } }),
        (error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          setState((s) => ({
            ...s,
            quote: null,
            error: error instanceof ApiError ? error : new ApiError({ type: 'error', status: 0, detail: String(error) }),
            loading: false,
          }));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [principal, annualRatePercent, months, delayMs]);
  return state;
}
