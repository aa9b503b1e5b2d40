import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { PlatformRegistry } from '../platform/registry.js';
import { AccountingReports } from './application/accounting-reports.js';
import { BooksCommands } from './application/books-commands.js';
import { AdminAccountingController } from './http/admin-accounting.controller.js';
import { AdminBooksController } from './http/admin-books.controller.js';
import { accountingRequestsProjection } from './projections/accounting-requests.projection.js';
import { accountingProjection } from './projections/accounting.projection.js';

/**
 * The books (issue 31): the chart of accounts, journal entries derived from the loan log (the accounting projection)
 * and the reports over them; manual journal entries and period close, maker-checker, in the log. Meets lending only through lending/public (loan-books.ts, the LoanPrincipals port).
 */
@Module({
  imports: [IdentityModule, LendingModule],
  controllers: [AdminAccountingController, AdminBooksController],
  providers: [AccountingReports, BooksCommands],
})
export class AccountingModule implements OnModuleInit {
  constructor(private readonly registry: PlatformRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(accountingProjection);
    this.registry.addProjection(accountingRequestsProjection);
  }
}
