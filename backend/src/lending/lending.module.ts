import { Module } from '@nestjs/common';
import { CollectionsModule } from './collections/collections.module.js';
import { LoanModule } from './loan/loan.module.js';
import { MandatesModule } from './mandates/mandates.module.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { ProductsModule } from './products/products.module.js';
import { QuickStartPortsModule } from './quick-start-ports.module.js';
import { ServicingModule } from './servicing/servicing.module.js';
import { SettlementModule } from './settlement/settlement.module.js';

/**
 * Lending, one module per stage of a loan's life (docs/architecture.md "Lending's slices"):
 * - loan/: the aggregate (events, state, the decider's dispatch), the command executor, the loan's read side;
 * - products/: the product catalog and its versions, the public list and EMI calculator;
 * - pipeline/: application to disbursal: checks, the KFS, the agreement and signing, the payout;
 * - servicing/: payments, allocation, refunds, statements, foreclosure, the payment provider;
 * - collections/: the business date, close of business, the overdue book, collectors' work, reminders;
 * - settlement/: settlement offers and write-offs;
 * - mandates/: auto-debit mandates (e-NACH, UPI AutoPay), presentations and bounces.
 * Other contexts see lending through lending/public and what this module exports; QuickStartPortsModule implements
 * origination's quick start ports (origination sits below lending).
 */
@Module({
  imports: [
    LoanModule,
    ProductsModule,
    PipelineModule,
    ServicingModule,
    CollectionsModule,
    SettlementModule,
    MandatesModule,
    QuickStartPortsModule,
  ],
  exports: [LoanModule, CollectionsModule, ServicingModule, PipelineModule],
})
export class LendingModule {}
