import { Global, Module } from '@nestjs/common';
import { AccountMessages } from '../identity/public/index.js';
import { LoanMessages } from '../lending/public/index.js';
import { OutboxAccountMessages } from './application/account-messages.js';
import { OutboxLoanMessages } from './application/loan-messages.js';
import { CommunicationsModule } from './communications.module.js';

/**
 * The ports of the contexts below communications that communications implements (docs/architecture.md, "Contexts
 * and their layers"): identity's AccountMessages and lending's LoanMessages. Global, so that identity and lending
 * inject their own port without importing a module above them; it exports those ports and nothing else.
 */
@Global()
@Module({
  imports: [CommunicationsModule],
  providers: [
    OutboxAccountMessages,
    { provide: AccountMessages, useExisting: OutboxAccountMessages },
    OutboxLoanMessages,
    { provide: LoanMessages, useExisting: OutboxLoanMessages },
  ],
  exports: [AccountMessages, LoanMessages],
})
export class MessagePortsModule {}
