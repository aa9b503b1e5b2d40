import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/database/database.js';
import type { DialerProvider } from './dialer-provider.port.js';
import type { IvrProvider } from './ivr-provider.port.js';
import type { WhatsappProvider } from './whatsapp-provider.port.js';

type Channel = 'whatsapp' | 'ivr' | 'dialer';

/** Writes what would have gone to the provider into channel_outbox and answers a made-up provider id (`dev-…`). */
async function record(db: Db, channel: Channel, recipient: string, payload: object): Promise<string> {
  const providerId = `dev-${channel}-${randomUUID()}`;
  await db
    .insertInto('channel_outbox')
    .values({ channel, recipient, payload: JSON.stringify(payload), provider_id: providerId })
    .execute();
  return providerId;
}

/** The development WhatsApp adapter: records instead of sending (no provider account needed for `npm start`). */
export class RecordingWhatsappProvider implements WhatsappProvider {
  readonly name = 'development';
  constructor(private readonly db: Db) {}

  async send(message: Parameters<WhatsappProvider['send']>[0]) {
    return { providerMessageId: await record(this.db, 'whatsapp', message.to, message) };
  }
}

/** The development IVR adapter: records the call it would have started. */
export class RecordingIvrProvider implements IvrProvider {
  readonly name = 'development';
  constructor(private readonly db: Db) {}

  async startCall(call: Parameters<IvrProvider['startCall']>[0]) {
    return { providerCallId: await record(this.db, 'ivr', call.to, call) };
  }
}

/** The development dialer adapter: records the call it would have bridged. */
export class RecordingDialerProvider implements DialerProvider {
  readonly name = 'development';
  constructor(private readonly db: Db) {}

  async connect(call: Parameters<DialerProvider['connect']>[0]) {
    return { providerCallId: await record(this.db, 'dialer', call.to, call) };
  }
}
