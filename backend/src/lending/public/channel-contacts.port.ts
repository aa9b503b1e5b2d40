import type { ContactChannel, ContactOutcome } from '../collections/domain/collection-work.events.js';
import type { Actor } from '../loan/domain/loan.types.js';

export type { ContactChannel, ContactOutcome };

/** A contact reported by a channel: who (a staff member at the dialer, or the IVR provider) and what came of it. */
export type ChannelContact = {
  loanId: string;
  channel: ContactChannel;
  outcome: ContactOutcome;
  note: string;
  promiseToPayOn?: string;
  actor: Actor;
};

/**
 * The collections contact log as communications' channels write to it (WhatsApp, IVR, the dialer). The channel's
 * caller was authorized for the channel (dialer.use, a signed IVR webhook), so any active loan may be worked, assigned
 * or not. Also the DI token.
 */
export abstract class ChannelContacts {
  /** Appends the contact on the business date; answers that date and the event's global position. */
  abstract record(contact: ChannelContact): Promise<{ businessDate: string; position: number }>;
}
