import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/database/database.js';
import type { OutgoingSms, SmsOutcome, SmsSender } from './sms-sender.port.js';

/**
 * The SMS port as the rest of the product uses it: every message goes into the `sms_log` table (GET /api/admin/sms)
 * and, when a provider adapter is given (MSG91, Twilio, ... see docs/origination.md), through that provider; without
 * one it is printed on the server console instead of sent (development). A sensitive body (a one-time code) is kept
 * and printed only when `printSecrets` (never in production): staff reading the log then see `[redacted]`.
 */
export class RecordingSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
    private readonly options: { printSecrets: boolean; provider?: SmsSender },
  ) {}

  async send(sms: OutgoingSms): Promise<SmsOutcome> {
    const kept = sms.sensitive && !this.options.printSecrets ? '[redacted]' : sms.body;
    const outcome: SmsOutcome = this.options.provider ? await this.options.provider.send(sms) : { status: 'logged' };
    if (outcome.status === 'logged') this.log(`SMS to ${sms.to} (no SMS provider, not sent): ${JSON.stringify(kept)}`);
    await this.db
      .insertInto('sms_log')
      .values({
        id: randomUUID(),
        to_phone: sms.to,
        body: kept,
        purpose: sms.purpose ?? null,
        status: outcome.status,
        provider_message_id: outcome.status === 'sent' ? (outcome.providerMessageId ?? null) : null,
      })
      .execute();
    return outcome;
  }
}
