import { Global, Module } from '@nestjs/common';
import { QuickStartApplications, QuickStartProducts } from '../origination/public/index.js';
import { PipelineQuickStartApplications } from './pipeline/application/quick-start-applications.js';
import { CatalogQuickStartProducts } from './products/application/quick-start-products.js';

/**
 * The ports of origination (below lending) that lending implements (docs/architecture.md, "Contexts and their
 * layers"): the products quick start offers and the application it opens, both through lending's own query and
 * command. Global, so that origination injects its own ports without importing a module above it; it exports those
 * ports and nothing else.
 */
@Global()
@Module({
  providers: [
    CatalogQuickStartProducts,
    { provide: QuickStartProducts, useExisting: CatalogQuickStartProducts },
    PipelineQuickStartApplications,
    { provide: QuickStartApplications, useExisting: PipelineQuickStartApplications },
  ],
  exports: [QuickStartProducts, QuickStartApplications],
})
export class QuickStartPortsModule {}
