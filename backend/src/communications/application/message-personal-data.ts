import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { MessagePersonalData, type MessageData, type SentMessageRecord } from '../public/message-personal-data.port.js';

/** A one-time code (six digits) in an SMS body is never handed out again. */
const withoutCodes = (body: string) => body.replace(/\b\d{6}\b/g, '******');

/** MessagePersonalData over the email, SMS, push and WhatsApp logs and the push tokens. */
@Injectable()
export class LoggedMessagePersonalData extends MessagePersonalData {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async exportOf(borrowerId: string, phone: string | null): Promise<MessageData> {
    const [emails, sms, pushes, whatsapp, devices] = await Promise.all([
      this.db
        .selectFrom('emails')
        .select(['to_address', 'subject', 'text_body', 'status', 'created_at'])
        .where('user_id', '=', borrowerId)
        .execute(),
      phone
        ? this.db.selectFrom('sms_log').select(['to_phone', 'body', 'status', 'created_at']).where('to_phone', '=', phone).execute()
        : Promise.resolve([]),
      this.db.selectFrom('pushes').select(['title', 'body', 'status', 'created_at']).where('user_id', '=', borrowerId).execute(),
      this.db
        .selectFrom('whatsapp_messages')
        .select(['phone', 'direction', 'body', 'status', 'at'])
        .where('borrower_id', '=', borrowerId)
        .execute(),
      this.db
        .selectFrom('push_tokens')
        .select(['device_id', 'created_at', 'refreshed_at'])
        .where('user_id', '=', borrowerId)
        .orderBy('created_at')
        .execute(),
    ]);
    const messages: SentMessageRecord[] = [
      ...emails.map((e) => ({
        channel: 'email' as const,
        to: e.to_address,
        subject: e.subject,
        body: e.text_body,
        status: e.status,
        at: new Date(e.created_at).toISOString(),
      })),
      ...sms.map((s) => ({
        channel: 'sms' as const,
        to: s.to_phone,
        subject: null,
        body: withoutCodes(s.body),
        status: s.status,
        at: s.created_at.toISOString(),
      })),
      ...pushes.map((p) => ({
        channel: 'push' as const,
        to: 'your devices',
        subject: p.title,
        body: p.body,
        status: p.status,
        at: p.created_at.toISOString(),
      })),
      ...whatsapp.map((w) => ({
        channel: 'whatsapp' as const,
        to: w.direction === 'outbound' ? w.phone : 'us (from you)',
        subject: null,
        body: w.body,
        status: w.status,
        at: w.at.toISOString(),
      })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    return {
      messages,
      pushDevices: devices.map((d) => ({
        deviceId: d.device_id,
        registeredAt: d.created_at.toISOString(),
        refreshedAt: d.refreshed_at.toISOString(),
      })),
    };
  }

  async erasePushDevices(trx: Db, borrowerId: string): Promise<number> {
    const deleted = await trx.deleteFrom('push_tokens').where('user_id', '=', borrowerId).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async eraseMessages(trx: Db, borrowerId: string, phone: string | null): Promise<number> {
    const emailIds = trx.selectFrom('emails').select('id').where('user_id', '=', borrowerId);
    await trx.deleteFrom('document_deliveries').where('borrower_id', '=', borrowerId).execute();
    await trx.deleteFrom('email_dedupe').where('email_id', 'in', emailIds).execute();
    await trx.deleteFrom('email_attachments').where('email_id', 'in', emailIds).execute();
    const counts = await Promise.all([
      trx.deleteFrom('emails').where('user_id', '=', borrowerId).executeTakeFirst(),
      trx.deleteFrom('pushes').where('user_id', '=', borrowerId).executeTakeFirst(),
      trx.deleteFrom('whatsapp_messages').where('borrower_id', '=', borrowerId).executeTakeFirst(),
      ...(phone ? [trx.deleteFrom('sms_log').where('to_phone', '=', phone).executeTakeFirst()] : []),
    ]);
    return counts.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  }
}
