import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { PlatformRegistry } from '../platform/registry.js';
import { AccountingReports } from './application/accounting-reports.js';
import { AdminAccountingController } from './http/admin-accounting.controller.js';
import { accountingProjection } from './projections/accounting.projection.js';

/**
 * The books (issue 31): the chart of accounts, journal entries derived from the loan log (the accounting projection)
 * and the reports over them. Meets lending only through lending/public (loan-books.ts, the LoanPrincipals port).
 */
@Module({
  imports: [IdentityModule, LendingModule],
  controllers: [AdminAccountingController],
  providers: [AccountingReports],
})
export class AccountingModule implements OnModuleInit {
  constructor(private readonly registry: PlatformRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(accountingProjection);
  }
}
