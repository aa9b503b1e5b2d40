import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import type { OfflinePaymentMethod } from './payment.events.js';

type MoneyCommandOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** Today's business date (YYYY-MM-DD), fetched by the handler: the domain reads no clock. */
type OnBusinessDate = { businessDate: string };

export type RecordPayment = MoneyCommandOf<
  'RecordPayment',
  OnBusinessDate & {
    paymentId: string;
    amount: number;
    paidOn: string;
    method: OfflinePaymentMethod;
    reference: string;
    reducePrincipal?: boolean;
  }
>;
export type VerifyPayment = MoneyCommandOf<'VerifyPayment', OnBusinessDate & { paymentId: string }>;
export type RejectPayment = MoneyCommandOf<'RejectPayment', { paymentId: string; reason: string }>;
export type CreateOnlinePayment = MoneyCommandOf<
  'CreateOnlinePayment',
  { paymentId: string; amount: number; provider: string; providerOrderId: string; reducePrincipal?: boolean }
>;
/** The provider's signed word on an online payment (its webhook, already verified). */
export type ConfirmOnlinePayment = MoneyCommandOf<
  'ConfirmOnlinePayment',
  OnBusinessDate & { paymentId: string; outcome: 'captured' | 'failed'; amount: number; providerReference: string }
>;
export type RequestPaymentReversal = MoneyCommandOf<'RequestPaymentReversal', { paymentId: string; reason: string }>;
export type ApprovePaymentReversal = MoneyCommandOf<'ApprovePaymentReversal', OnBusinessDate & { paymentId: string }>;
export type RejectPaymentReversal = MoneyCommandOf<'RejectPaymentReversal', { paymentId: string; reason: string }>;
export type RequestCreditBalanceRefund = MoneyCommandOf<
  'RequestCreditBalanceRefund',
  OnBusinessDate & { refundId: string; amount: number }
>;
export type ApproveCreditBalanceRefund = MoneyCommandOf<'ApproveCreditBalanceRefund', OnBusinessDate & { refundId: string }>;

export type MoneyCommand =
  | RecordPayment
  | VerifyPayment
  | RejectPayment
  | CreateOnlinePayment
  | ConfirmOnlinePayment
  | RequestPaymentReversal
  | ApprovePaymentReversal
  | RejectPaymentReversal
  | RequestCreditBalanceRefund
  | ApproveCreditBalanceRefund;

export type MoneyCommandType = MoneyCommand['type'];

const EVERY_MONEY_COMMAND_TYPE: Record<MoneyCommandType, true> = {
  RecordPayment: true,
  VerifyPayment: true,
  RejectPayment: true,
  CreateOnlinePayment: true,
  ConfirmOnlinePayment: true,
  RequestPaymentReversal: true,
  ApprovePaymentReversal: true,
  RejectPaymentReversal: true,
  RequestCreditBalanceRefund: true,
  ApproveCreditBalanceRefund: true,
};

export function isMoneyCommand(command: { type: string }): command is MoneyCommand {
  return Object.hasOwn(EVERY_MONEY_COMMAND_TYPE, command.type);
}
