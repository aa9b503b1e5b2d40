import { assertNever } from '../../loan/domain/assert-never.js';
import type { LoanStatus } from '../../loan/domain/loan.types.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import type { ComponentAmounts, SettlementEvent } from './settlement.events.js';

/**
 * pending (waiting for a second person) -> approved -> settled | lapsed; a pending offer may lapse too, be rejected
 * by the checker or withdrawn by its maker.
 */
export type SettlementOfferStatus = 'pending' | 'approved' | 'settled' | 'lapsed' | 'rejected' | 'withdrawn';

export type SettlementOfferRecord = {
  offerId: string;
  amount: number;
  validUntil: string;
  reason: string;
  offeredBy: string;
  offeredAt: string;
  status: SettlementOfferStatus;
  approvedBy?: string;
  approvedAt?: string;
  /** The position in `servicing.events` at approval: payments from there on count towards the amount. */
  countFrom?: number;
  amountPaid?: number;
  waived?: ComponentAmounts;
  settledOn?: string;
  /** rejected or withdrawn: by whom, when, and (rejected) why. */
  closedBy?: string;
  closedAt?: string;
  closeReason?: string;
};

export type WriteOffRecord = {
  /** rejected: the checker turned it down; withdrawn: its maker took it back; a new request replaces either. */
  status: 'requested' | 'approved' | 'rejected' | 'withdrawn';
  reason: string;
  requestedBy: string;
  requestedAt: string;
  approvedBy?: string;
  approvedAt?: string;
  outstanding?: ComponentAmounts;
  on?: string;
  rejectedBy?: string;
  rejectedAt?: string;
  rejectReason?: string;
  withdrawnBy?: string;
  withdrawnAt?: string;
};

export type SettlementState = { offers: SettlementOfferRecord[]; writeOff?: WriteOffRecord };

type Settleable = {
  id: string;
  status: LoanStatus;
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
  settlement?: SettlementState;
};

/** The offer that is still open (pending or approved), if any: there is at most one. */
export function openOffer(settlement: SettlementState | undefined): SettlementOfferRecord | undefined {
  return settlement?.offers.find((offer) => offer.status === 'pending' || offer.status === 'approved');
}

/**
 * How settlement and write-off events change a loan. LoanSettled and LoanWrittenOff end the loan (states settled,
 * writtenOff) and hand the servicing fold a close-out at their date, which takes what is still owed off the books.
 */
export function evolveSettlement<Loan extends Settleable>(loan: Loan, event: SettlementEvent): Loan {
  const settlement: SettlementState = loan.settlement ?? { offers: [] };
  const { data } = event;
  const offer = (offerId: string, change: Partial<SettlementOfferRecord>): Loan => ({
    ...loan,
    settlement: { ...settlement, offers: settlement.offers.map((o) => (o.offerId === offerId ? { ...o, ...change } : o)) },
  });
  switch (event.type) {
    case 'SettlementOffered': {
      const { offerId, amount, validUntil, reason, by } = event.data;
      const record: SettlementOfferRecord = { offerId, amount, validUntil, reason, offeredBy: by, offeredAt: data.at, status: 'pending' };
      return { ...loan, settlement: { ...settlement, offers: [...settlement.offers, record] } };
    }
    case 'SettlementOfferApproved':
      return offer(event.data.offerId, {
        status: 'approved',
        approvedBy: event.data.by,
        approvedAt: data.at,
        countFrom: loan.servicing?.events.length ?? 0,
      });
    case 'SettlementOfferRejected':
      return offer(event.data.offerId, { status: 'rejected', closedBy: event.data.by, closedAt: data.at, closeReason: event.data.reason });
    case 'SettlementOfferWithdrawn':
      return offer(event.data.offerId, { status: 'withdrawn', closedBy: event.data.by, closedAt: data.at });
    case 'SettlementOfferLapsed':
      return offer(event.data.offerId, { status: 'lapsed' });
    case 'LoanSettled': {
      const { offerId, amountPaid, waived, on } = event.data;
      const settled = offer(offerId, { status: 'settled', amountPaid, waived, settledOn: on });
      return withCloseOut({ ...settled, status: 'settled' }, { type: 'ClosedOut', id: offerId, kind: 'settlement', valueDate: on });
    }
    case 'WriteOffRequested':
      return {
        ...loan,
        settlement: {
          ...settlement,
          writeOff: { status: 'requested', reason: event.data.reason, requestedBy: event.data.by, requestedAt: data.at },
        },
      };
    case 'WriteOffApproved':
      return {
        ...loan,
        settlement: {
          ...settlement,
          writeOff: { ...settlement.writeOff!, status: 'approved', approvedBy: event.data.by, approvedAt: data.at },
        },
      };
    case 'WriteOffRejected':
      return {
        ...loan,
        settlement: {
          ...settlement,
          writeOff: {
            ...settlement.writeOff!,
            status: 'rejected',
            rejectedBy: event.data.by,
            rejectedAt: data.at,
            rejectReason: event.data.reason,
          },
        },
      };
    case 'WriteOffWithdrawn':
      return {
        ...loan,
        settlement: {
          ...settlement,
          writeOff: { ...settlement.writeOff!, status: 'withdrawn', withdrawnBy: event.data.by, withdrawnAt: data.at },
        },
      };
    case 'LoanWrittenOff': {
      // A write-off ends any offer still open.
      const offers = settlement.offers.map((o) =>
        o.status === 'pending' || o.status === 'approved' ? { ...o, status: 'lapsed' as const } : o,
      );
      const writeOff: WriteOffRecord = { ...settlement.writeOff!, outstanding: event.data.outstanding, on: event.data.on };
      return withCloseOut(
        { ...loan, status: 'writtenOff', settlement: { offers, writeOff } },
        { type: 'ClosedOut', id: 'write-off', kind: 'writeOff', valueDate: event.data.on },
      );
    }
    default:
      return assertNever(event, 'settlement event');
  }
}

function withCloseOut<Loan extends Settleable>(loan: Loan, event: ServicingEvent): Loan {
  if (!loan.servicing) throw new Error(`Loan ${loan.id} is closed out before its disbursal`);
  return { ...loan, servicing: { ...loan.servicing, events: [...loan.servicing.events, event] } };
}
