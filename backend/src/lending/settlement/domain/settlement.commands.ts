import type { LoanMessageBase } from '../../loan/domain/loan.types.js';

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

/** The checker turns a pending offer down, with a reason. */
export type RejectSettlementOffer = SettlementCommandOf<'RejectSettlementOffer', { offerId: string; reason: string }>;
/** The maker takes back their own pending offer. */
export type WithdrawSettlementOffer = SettlementCommandOf<'WithdrawSettlementOffer', { offerId: string }>;
/** The checker turns down the write-off asked for, with a reason; a new one may be asked for later. */
export type RejectWriteOff = SettlementCommandOf<'RejectWriteOff', { reason: string }>;

/** The maker takes back their own write-off request while it waits for a checker. */
export type WithdrawWriteOff = SettlementCommandOf<'WithdrawWriteOff', Record<never, never>>;

export type SettlementCommand =
  | OfferSettlement
  | ApproveSettlementOffer
  | RejectSettlementOffer
  | WithdrawSettlementOffer
  | RequestWriteOff
  | ApproveWriteOff
  | RejectWriteOff
  | WithdrawWriteOff;

const EVERY_SETTLEMENT_COMMAND_TYPE: Record<SettlementCommand['type'], true> = {
  OfferSettlement: true,
  ApproveSettlementOffer: true,
  RejectSettlementOffer: true,
  WithdrawSettlementOffer: true,
  RequestWriteOff: true,
  ApproveWriteOff: true,
  RejectWriteOff: true,
  WithdrawWriteOff: true,
};

export function isSettlementCommand(command: { type: string }): command is SettlementCommand {
  return Object.hasOwn(EVERY_SETTLEMENT_COMMAND_TYPE, command.type);
}
