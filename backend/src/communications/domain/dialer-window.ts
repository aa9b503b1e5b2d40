import { collectionContactWindow, type LocalTime } from '../../lending/public/contact-window.js';

export type DialerAvailability = { open: true } | { open: false; reason: string; opensAt: LocalTime };

/**
 * Whether staff may call a borrower at the borrower's local time `at`: only inside the contact window, the one rule
 * every collection channel applies (lending/collections/domain/recovery-conduct.ts).
 */
export function dialerAvailability(at: LocalTime, channel: 'call' | 'ivr' | 'whatsapp' = 'call'): DialerAvailability {
  return collectionContactWindow(at, channel);
}
