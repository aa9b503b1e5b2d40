/** Console labels. Money and dates are formatted by @lending/web-common/format. */

/** Rows of a list do not carry a currency (docs/api.md "A row"); the deployment's currency applies. */
export const DEFAULT_CURRENCY: string = import.meta.env.VITE_CURRENCY ?? 'INR';

/** "SoftCheckApproved" -> "Soft check approved". */
export function humanizeEventType(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '—');

/** The loan reference borrowers read in emails and push messages: the id's first 8 characters, upper case ("3F2A91C0"). */
export const loanReference = (id: string) => id.slice(0, 8).toUpperCase();
