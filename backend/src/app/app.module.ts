import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountingModule } from '../accounting/accounting.module.js';
import { BorrowerMessagingModule } from '../communications/borrower-messaging.module.js';
import { CommunicationsModule } from '../communications/communications.module.js';
import { MessagePortsModule } from '../communications/message-ports.module.js';
import { ContentModule } from '../content/content.module.js';
import { PrivacyModule } from '../privacy/privacy.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { ChannelsModule } from '../communications/channels.module.js';
import { OriginationModule } from '../origination/origination.module.js';
import { PlatformModule } from '../platform/platform.module.js';
import type { Runtime } from '../platform/runtime.js';

@Module({})
export class AppModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRuntime(runtime),
        CqrsModule.forRoot(),
        CommunicationsModule,
        IdentityModule,
        OriginationModule,
        LendingModule,
        AccountingModule,
        BorrowerMessagingModule,
        ChannelsModule,
        MessagePortsModule,
        ContentModule,
        PrivacyModule,
      ],
    };
  }
}
