/**
 * WhatsApp's customer-service window: a business may send free text to a user only within 24 hours of that user's
 * last message; outside it, only templates the provider approved. Pure: the time arrives as an argument.
 */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export type WhatsappWindow = { open: true; closesAt: Date } | { open: false; closesAt: Date | null };

/** The window at `now`, given when the borrower last wrote (null: never). 24 hours after it, it is closed. */
export function whatsappWindow(lastInboundAt: Date | null, now: Date): WhatsappWindow {
  if (lastInboundAt === null) return { open: false, closesAt: null };
  const closesAt = new Date(lastInboundAt.getTime() + WHATSAPP_WINDOW_MS);
  return now.getTime() < closesAt.getTime() ? { open: true, closesAt } : { open: false, closesAt };
}
