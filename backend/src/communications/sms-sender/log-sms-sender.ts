import type { OutgoingSms, SmsOutcome, SmsSender } from './sms-sender.port.js';

/** How many recent messages the log adapter keeps in memory for tests and a future staff view. */
const KEPT = 100;

/**
 * Adapter, the default until a provider is configured: prints each message on one line and keeps the last 100 in
 * memory (`recent`). A sensitive body (an OTP) is printed only outside production.
 */
export class LogSmsSender implements SmsSender {
  private readonly kept: Array<OutgoingSms & { at: Date }> = [];

  constructor(
    private readonly log: (line: string) => void,
    private readonly options: { printSecrets: boolean },
  ) {}

  async send(sms: OutgoingSms): Promise<SmsOutcome> {
    const body = sms.sensitive && !this.options.printSecrets ? '[redacted]' : sms.body;
    this.log(`SMS to ${sms.to} (no SMS provider, not sent): ${JSON.stringify(body)}`);
    this.kept.push({ ...sms, body, at: new Date() });
    if (this.kept.length > KEPT) this.kept.shift();
    return { status: 'logged' };
  }

  /** The messages recorded in this process, oldest first. */
  get recent(): ReadonlyArray<OutgoingSms & { at: Date }> {
    return this.kept;
  }
}
