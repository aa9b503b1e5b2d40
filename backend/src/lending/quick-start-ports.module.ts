import { Global, Module } from '@nestjs/common';
import { BorrowerConsentDependents, QuickStartApplications, QuickStartProducts } from '../origination/public/index.js';
import { LoanSummariesConsentDependents } from './loan/application/queries/consent-dependents.reader.js';
import { PipelineQuickStartApplications } from './pipeline/application/quick-start-applications.js';
import { CatalogQuickStartProducts } from './products/application/quick-start-products.js';

/**
 * The ports of origination (below lending) that lending implements (docs/architecture.md, "Contexts and their
 * layers"): the products quick start offers and the application it opens, both through lending's own query and
 * command, and what depends on a borrower's consents (their applications and open loans, from the loan summaries).
 * Global, so that origination injects its own ports without importing a module above it; it exports those ports and
 * nothing else.
 */
@Global()
@Module({
  providers: [
    CatalogQuickStartProducts,
    { provide: QuickStartProducts, useExisting: CatalogQuickStartProducts },
    PipelineQuickStartApplications,
    { provide: QuickStartApplications, useExisting: PipelineQuickStartApplications },
    { provide: BorrowerConsentDependents, useClass: LoanSummariesConsentDependents },
  ],
  exports: [QuickStartProducts, QuickStartApplications, BorrowerConsentDependents],
})
export class QuickStartPortsModule {}
