import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { DB, type Db } from '../platform/database/database.js';
import { GetDialerQueueHandler, PlaceDialerCallHandler, RecordDialerOutcomeHandler } from './application/channels/dialer.handlers.js';
import { ListIvrCallsHandler } from './application/channels/list-ivr-calls.handler.js';
import { ReceiveIvrCallHandler } from './application/channels/receive-ivr-call.handler.js';
import { ReceiveWhatsappMessageHandler } from './application/channels/receive-whatsapp-message.handler.js';
import { RequestIvrCallHandler } from './application/channels/request-ivr-call.handler.js';
import { SendWhatsappMessageHandler } from './application/channels/send-whatsapp-message.handler.js';
import { WebhookAuthenticity } from './application/channels/webhook-authenticity.js';
import { WhatsappConversations } from './application/channels/whatsapp-conversations.js';
import {
  GetWhatsappConversationHandler,
  ListWhatsappConversationsHandler,
  ListWhatsappTemplatesHandler,
} from './application/channels/whatsapp-queries.handlers.js';
import { DIALER_PROVIDER } from './channel-providers/dialer-provider.port.js';
import { IVR_PROVIDER } from './channel-providers/ivr-provider.port.js';
import {
  RecordingDialerProvider,
  RecordingIvrProvider,
  RecordingWhatsappProvider,
} from './channel-providers/recording-channel-providers.js';
import { WHATSAPP_PROVIDER } from './channel-providers/whatsapp-provider.port.js';
import { AdminDialerController } from './http/admin-dialer.controller.js';
import { AdminIvrController } from './http/admin-ivr.controller.js';
import { AdminWhatsappController } from './http/admin-whatsapp.controller.js';
import { ChannelWebhooksController } from './http/channel-webhooks.controller.js';

const controllers = [ChannelWebhooksController, AdminWhatsappController, AdminIvrController, AdminDialerController];
const whatsapp = [
  WhatsappConversations,
  ReceiveWhatsappMessageHandler,
  SendWhatsappMessageHandler,
  ListWhatsappConversationsHandler,
  GetWhatsappConversationHandler,
  ListWhatsappTemplatesHandler,
];
const ivr = [ReceiveIvrCallHandler, RequestIvrCallHandler, ListIvrCallsHandler];
const dialer = [GetDialerQueueHandler, PlaceDialerCallHandler, RecordDialerOutcomeHandler];
/** No provider adapters yet: the development adapters record into channel_outbox (docs/communications.md shows a real one's shape). */
const providers = [
  { provide: WHATSAPP_PROVIDER, inject: [DB], useFactory: (db: Db) => new RecordingWhatsappProvider(db) },
  { provide: IVR_PROVIDER, inject: [DB], useFactory: (db: Db) => new RecordingIvrProvider(db) },
  { provide: DIALER_PROVIDER, inject: [DB], useFactory: (db: Db) => new RecordingDialerProvider(db) },
];

/**
 * WhatsApp, IVR and the dialer (issue 15 item 3): signed inbound webhooks, conversations and calls for staff, each
 * provider behind a port. A module apart from CommunicationsModule, which uses no other context's module: outcomes go
 * to lending's contact log (ChannelContacts) and the dialer reads lending's overdue book (OverdueBook).
 */
@Module({
  imports: [IdentityModule, LendingModule],
  controllers,
  providers: [WebhookAuthenticity, ...whatsapp, ...ivr, ...dialer, ...providers],
})
export class ChannelsModule {}
