/**
 * Spec §8: the only outside addresses the portal may navigate to (@lending/web-common/external-url). Anything else
 * (another site, javascript:, data:) is refused, by the links and by the document-wide guard in the shell.
 */
export const SUPPORT_EMAIL = 'mailto:support@openlending.in';
export const GRIEVANCE_EMAIL = 'mailto:grievance@openlending.in';
export const SUPPORT_PHONE = 'tel:+918000000000';

/** A real payment provider's checkout (docs/borrower-portal.md "Repayments"); the sandbox page is on our own origin. */
const PAYMENT_PAGE_ORIGIN = import.meta.env.VITE_PAYMENT_PAGE_ORIGIN;

export const EXTERNAL_URLS: readonly string[] = [
  SUPPORT_EMAIL,
  GRIEVANCE_EMAIL,
  SUPPORT_PHONE,
  ...(PAYMENT_PAGE_ORIGIN ? [PAYMENT_PAGE_ORIGIN] : []),
];
