/** One text message. `sensitive` marks a body that holds a secret (a one-time code): recordings redact it in production. */
export type OutgoingSms = { to: string; body: string; sensitive?: boolean; purpose?: string };

/** What became of it: accepted by a provider (with its message id), or only recorded. */
export type SmsOutcome = { status: 'sent'; providerMessageId?: string } | { status: 'logged' };

/**
 * Port: sends one SMS. Throws when the provider refused or could not be reached (the caller decides whether to retry).
 * A provider adapter (MSG91, Twilio, ...) is a class implementing this with the provider's HTTP API; see
 * docs/architecture.md, "Ports and adapters". communications.module.ts picks the adapter.
 */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<SmsOutcome>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');
