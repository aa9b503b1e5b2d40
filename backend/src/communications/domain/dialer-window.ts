import { CONTACT_WINDOW, nextContactTime, type LocalTime } from '../../lending/public/contact-window.js';

export type DialerAvailability = { open: true } | { open: false; reason: string; opensAt: LocalTime };

/** Whether staff may call a borrower at local (business time zone) time `at`: only inside the contact window. */
export function dialerAvailability(at: LocalTime): DialerAvailability {
  const { sendAt, held } = nextContactTime(at);
  if (!held) return { open: true };
  return {
    open: false,
    reason: `Calls to borrowers are allowed from ${CONTACT_WINDOW.opens} to ${CONTACT_WINDOW.closes} only (it is ${at.time}); the dialer opens at ${sendAt.time} on ${sendAt.date}.`,
    opensAt: sendAt,
  };
}
