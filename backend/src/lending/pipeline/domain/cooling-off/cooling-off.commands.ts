import type { LoanMessageBase } from '../../../loan/domain/loan.types.js';
import type { CoolingOffTerms } from './cooling-off.rules.js';

/**
 * The borrower (or staff, the maker, for them) asks to exit in the window; the KFS's terms gathered outside (the period
 * and fee rule pinned on the agreement win over the ones sent, which are the settings now).
 */
export type RequestCoolingOffExit = {
  type: 'RequestCoolingOffExit';
  data: LoanMessageBase & { exitId: string; terms: CoolingOffTerms };
};

/** A second member of staff approves an exit staff asked for. */
export type ApproveCoolingOffExit = { type: 'ApproveCoolingOffExit'; data: LoanMessageBase & { exitId: string } };

export type CoolingOffCommand = RequestCoolingOffExit | ApproveCoolingOffExit;

export const isCoolingOffCommand = (command: { type: string }): command is CoolingOffCommand =>
  command.type === 'RequestCoolingOffExit' || command.type === 'ApproveCoolingOffExit';
