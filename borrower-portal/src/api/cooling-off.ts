import type { MyCoolingOff } from '@lending/web-common/api';
import { api } from '@lending/web-common/http';

/** GET /me/loans/:id/cooling-off (issue 33): the window, today's exit amount, and the exit once asked. */
export type CoolingOff = MyCoolingOff;

export const getCoolingOff = (loanId: string, signal?: AbortSignal) => api<CoolingOff>(`/me/loans/${loanId}/cooling-off`, { signal });

/** Asks to exit: fixes the amount; the loan closes when it is paid. */
export const exitInCoolingOff = (loanId: string, idempotencyKey: string) =>
  api<CoolingOff>(`/me/loans/${loanId}/cooling-off/exit`, { method: 'POST', body: {}, idempotencyKey });
