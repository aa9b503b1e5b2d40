import { api } from '@lending/web-common/http';

/** The amounts of a cooling-off exit (paise). */
export type CoolingOffAmounts = {
  principal: number;
  interest: number;
  fee: number;
  alreadyPaid: number;
  amount: number;
  daysHeld: number;
  aprBasisPoints: number;
};

/** GET /me/loans/:id/cooling-off (issue 33): the window, today's exit amount, and the exit once asked. */
export type CoolingOff = {
  loanId: string;
  coolingOffDays: number;
  feeRetained: boolean;
  lastDay: string | null;
  /** ISO instant of the window's last second (23:59:59 IST on lastDay). */
  deadline: string | null;
  open: boolean;
  quote: CoolingOffAmounts | null;
  exit:
    | (CoolingOffAmounts & {
        exitId: string;
        status: 'pending' | 'open' | 'exited';
        deadline: string;
        lastDay: string;
        paidTowards: number;
        remaining: number;
      })
    | null;
};

export const getCoolingOff = (loanId: string, signal?: AbortSignal) => api<CoolingOff>(`/me/loans/${loanId}/cooling-off`, { signal });

/** Asks to exit: fixes the amount; the loan closes when it is paid. */
export const exitInCoolingOff = (loanId: string, idempotencyKey: string) =>
  api<CoolingOff>(`/me/loans/${loanId}/cooling-off/exit`, { method: 'POST', body: {}, idempotencyKey });
