import type { LoanMessageBase } from '../loan.types.js';

type SettlementCommandOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** Today's business date (YYYY-MM-DD), fetched by the handler: the domain reads no clock. */
type OnBusinessDate = { businessDate: string };

export type OfferSettlement = SettlementCommandOf<
  'OfferSettlement',
  OnBusinessDate & { offerId: string; amount: number; validUntil: string; reason: string }
>;
export type ApproveSettlementOffer = SettlementCommandOf<'ApproveSettlementOffer', OnBusinessDate & { offerId: string }>;
export type RequestWriteOff = SettlementCommandOf<'RequestWriteOff', { reason: string }>;
export type ApproveWriteOff = SettlementCommandOf<'ApproveWriteOff', OnBusinessDate>;

export type SettlementCommand = OfferSettlement | ApproveSettlementOffer | RequestWriteOff | ApproveWriteOff;

const EVERY_SETTLEMENT_COMMAND_TYPE: Record<SettlementCommand['type'], true> = {
  OfferSettlement: true,
  ApproveSettlementOffer: true,
  RequestWriteOff: true,
  ApproveWriteOff: true,
};

export function isSettlementCommand(command: { type: string }): command is SettlementCommand {
  return Object.hasOwn(EVERY_SETTLEMENT_COMMAND_TYPE, command.type);
}
