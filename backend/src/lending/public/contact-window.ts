/**
 * The collection contact window (08:00–19:00 in the borrower's time zone, the RBI's fair practices code) and the other
 * recovery-conduct rules (the daily cap, references never contacted), for the channels that reach borrowers from
 * other contexts (communications' dialer, IVR, WhatsApp). Pure: no Nest, no I/O.
 */
export { CONTACT_WINDOW, localTimeOf, nextContactTime, type LocalTime } from '../collections/domain/reminders.js';
export {
  collectionContactWindow,
  contactCap,
  heldUntil,
  mayContactAboutDebt,
  type ContactChannelKind,
  type ContactWindowDecision,
} from '../collections/domain/recovery-conduct.js';
