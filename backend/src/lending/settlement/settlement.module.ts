import { Module, type OnModuleInit } from '@nestjs/common';
import { PlatformRegistry } from '../../platform/registry.js';
import { LoanModule } from '../loan/loan.module.js';
import { settlementOffersProjection } from './projections/settlement-offers.projection.js';
import { ApproveSettlementOfferHandler } from './application/approve-settlement-offer.handler.js';
import { ApproveWriteOffHandler } from './application/approve-write-off.handler.js';
import { GetWriteOffHandler } from './application/get-write-off.handler.js';
import { ListSettlementOffersHandler } from './application/list-settlement-offers.handler.js';
import { OfferSettlementHandler } from './application/offer-settlement.handler.js';
import { RejectSettlementOfferHandler } from './application/reject-settlement-offer.handler.js';
import { RejectWriteOffHandler } from './application/reject-write-off.handler.js';
import { RequestWriteOffHandler } from './application/request-write-off.handler.js';
import { WithdrawSettlementOfferHandler } from './application/withdraw-settlement-offer.handler.js';
import { WithdrawWriteOffHandler } from './application/withdraw-write-off.handler.js';
import { AdminSettlementController } from './http/admin-settlement.controller.js';

/** Settlement and write-off (issue 16): offers and write-offs with maker-checker, one handler per file. */
@Module({
  imports: [LoanModule],
  controllers: [AdminSettlementController],
  providers: [
    OfferSettlementHandler,
    ApproveSettlementOfferHandler,
    RejectSettlementOfferHandler,
    WithdrawSettlementOfferHandler,
    RequestWriteOffHandler,
    ApproveWriteOffHandler,
    RejectWriteOffHandler,
    WithdrawWriteOffHandler,
    ListSettlementOffersHandler,
    GetWriteOffHandler,
  ],
})
export class SettlementModule implements OnModuleInit {
  constructor(private readonly registry: PlatformRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(settlementOffersProjection);
  }
}
