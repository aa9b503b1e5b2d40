import { DomainError } from '../../platform/errors/domain-error.js';

export type ChannelField = { name: string; message: string };

/** A request to a channel (WhatsApp, IVR, dialer) with fields that break a rule; each field is named. */
export class ChannelInputRefused extends DomainError {
  readonly code = 'CHANNEL.VALIDATION_FAILED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(readonly fields: ChannelField[]) {
    super(fields.map((f) => `${f.name}: ${f.message}`).join('; '), { fields });
  }
}

/** Free text outside WhatsApp's 24-hour window: only approved templates may be sent. */
export class WhatsappWindowClosed extends DomainError {
  readonly code = 'WHATSAPP.WINDOW_CLOSED';
  readonly kind = 'conflict';
  constructor(closedAt: Date | null) {
    super(
      closedAt
        ? `The borrower last wrote more than 24 hours ago (the window closed at ${closedAt.toISOString()}): send an approved template instead of free text.`
        : 'The borrower has not written to us on WhatsApp: only approved templates may be sent.',
      { closedAt: closedAt?.toISOString() ?? null },
    );
  }
}

/** A webhook without a valid X-Signature: nothing is read or stored. */
export class InvalidChannelSignature extends DomainError {
  readonly code = 'WEBHOOK.INVALID_SIGNATURE';
  readonly kind = 'unauthenticated';
  constructor() {
    super('The webhook signature is missing or wrong (X-Signature: sha256=<hex HMAC-SHA256 of the raw body>).');
  }
}

/** The channel's webhook secret is not configured: the webhook is off rather than unauthenticated. */
export class ChannelWebhookOff extends DomainError {
  readonly code = 'WEBHOOK.NOT_CONFIGURED';
  readonly kind = 'unavailable';
  constructor(variable: string) {
    super(`This webhook is off: ${variable} is not set.`, { variable });
  }
}

/** Outside the contact window the dialer places no call. */
export class DialerClosed extends DomainError {
  readonly code = 'DIALER.OUTSIDE_CONTACT_WINDOW';
  readonly kind = 'conflict';
  constructor(reason: string) {
    super(reason);
  }
}

export class ChannelNotFound extends DomainError {
  readonly code = 'CHANNEL.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(what: string) {
    super(what);
  }
}

export class DialerOutcomeAlreadyRecorded extends DomainError {
  readonly code = 'DIALER.OUTCOME_RECORDED';
  readonly kind = 'conflict';
  constructor(callId: string) {
    super(`The outcome of call ${callId} is already in the contact log.`, { callId });
  }
}
