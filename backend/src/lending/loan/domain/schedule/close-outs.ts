import type { ClosedOut } from './servicing.types.js';

/** The servicing fold's reading of an exit: a close-out, with the exit's terms when the event carries them. */
export function exitClosedOut(data: { exitId: string; on: string; interest?: number; fee?: number }): ClosedOut {
  return {
    type: 'ClosedOut' as const,
    id: data.exitId,
    kind: 'coolingOffExit' as const,
    valueDate: data.on,
    ...(data.interest !== undefined && { exit: { interest: data.interest, fee: data.fee ?? 0 } }),
  };
}
