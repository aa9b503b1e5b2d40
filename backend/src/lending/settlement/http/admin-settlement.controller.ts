import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { ApiIdempotencyKey, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { ApproveSettlementOfferCommand } from '../application/approve-settlement-offer.handler.js';
import { ApproveWriteOffCommand } from '../application/approve-write-off.handler.js';
import { GetWriteOffQuery } from '../application/get-write-off.handler.js';
import { ListSettlementOffersQuery } from '../application/list-settlement-offers.handler.js';
import { OfferSettlementCommand } from '../application/offer-settlement.handler.js';
import { RejectSettlementOfferCommand } from '../application/reject-settlement-offer.handler.js';
import { RejectWriteOffCommand } from '../application/reject-write-off.handler.js';
import { RequestWriteOffCommand } from '../application/request-write-off.handler.js';
import { WithdrawSettlementOfferCommand } from '../application/withdraw-settlement-offer.handler.js';
import { WithdrawWriteOffCommand } from '../application/withdraw-write-off.handler.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { offerIdParam, uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { rejectBody, settlementOfferBody, settlementOfferSchema, writeOffBody, writeOffSchema } from './settlement.schemas.js';

/**
 * Settlement and write-off (issue 13 item 5), maker-checker: an offer (collections.settle) is approved by someone
 * else (collections.settle.approve); a write-off asked for (loans.write-off) is approved by someone else
 * (loans.write-off.approve). The one who made or asked is refused the approval (403 same-person).
 */
@ApiTags('admin collections')
@ApiSignedIn()
@Controller('admin')
export class AdminSettlementController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('loans/:id/settlement-offers')
  @RequirePermission('collections.settle')
  @ApiIdempotencyKey('records nothing new')
  @ApiOperation({ summary: 'Offer to settle an active loan for an amount paid by validUntil (the maker); one open offer at a time' })
  @ApiBody({ schema: z.toJSONSchema(settlementOfferBody) as object })
  @ApiCreatedResponse({ schema: openApi(settlementOfferSchema) })
  offer(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new OfferSettlementCommand(user, parseWith(uuidParam, id), parseWith(settlementOfferBody, body), key));
  }

  @Get('loans/:id/settlement-offers')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's settlement offers, oldest first" })
  @ApiOkResponse({ schema: openApi(z.array(settlementOfferSchema)) })
  offers(@Param('id') id: string) {
    return this.queries.execute(new ListSettlementOffersQuery(parseWith(uuidParam, id)));
  }

  @Post('settlement-offers/:id/approve')
  @RequirePermission('collections.settle.approve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve a pending settlement offer (403 same-person for the one who made it): payments from now count towards it',
  })
  @ApiOkResponse({ schema: openApi(settlementOfferSchema) })
  approveOffer(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(new ApproveSettlementOfferCommand(user, parseWith(offerIdParam, id)));
  }

  @Post('settlement-offers/:id/reject')
  @RequirePermission('collections.settle.approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a pending settlement offer with a reason (the checker; 403 same-person for the one who made it)' })
  @ApiBody({ schema: z.toJSONSchema(rejectBody) as object })
  @ApiOkResponse({ schema: openApi(settlementOfferSchema) })
  rejectOffer(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RejectSettlementOfferCommand(user, parseWith(offerIdParam, id), parseWith(rejectBody, body).reason));
  }

  @Post('settlement-offers/:id/withdraw')
  @RequirePermission('collections.settle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw your own pending settlement offer (the maker; 403 for an offer someone else made)' })
  @ApiOkResponse({ schema: openApi(settlementOfferSchema) })
  withdrawOffer(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(new WithdrawSettlementOfferCommand(user, parseWith(offerIdParam, id)));
  }

  @Post('loans/:id/write-off')
  @RequirePermission('loans.write-off')
  @ApiIdempotencyKey('records nothing new')
  @ApiOperation({ summary: 'Ask for an active loan to be written off (the maker)' })
  @ApiBody({ schema: z.toJSONSchema(writeOffBody) as object })
  @ApiCreatedResponse({ schema: openApi(writeOffSchema) })
  requestWriteOff(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new RequestWriteOffCommand(user, parseWith(uuidParam, id), parseWith(writeOffBody, body).reason, key));
  }

  @Post('loans/:id/write-off/approve')
  @RequirePermission('loans.write-off.approve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve the write-off asked for (403 same-person for the one who asked): the loan is writtenOff, later payments are recoveries',
  })
  @ApiOkResponse({ schema: openApi(writeOffSchema) })
  approveWriteOff(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(new ApproveWriteOffCommand(user, parseWith(uuidParam, id)));
  }

  @Post('loans/:id/write-off/reject')
  @RequirePermission('loans.write-off.approve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reject the write-off asked for, with a reason (the checker; 403 same-person for the one who asked): the loan stays active',
  })
  @ApiBody({ schema: z.toJSONSchema(rejectBody) as object })
  @ApiOkResponse({ schema: openApi(writeOffSchema) })
  rejectWriteOff(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RejectWriteOffCommand(user, parseWith(uuidParam, id), parseWith(rejectBody, body).reason));
  }

  @Post('loans/:id/write-off/withdraw')
  @RequirePermission('loans.write-off')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Withdraw your own write-off request while it waits (the maker; 403 for a request someone else made): the loan stays active',
  })
  @ApiOkResponse({ schema: openApi(writeOffSchema) })
  withdrawWriteOff(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(new WithdrawWriteOffCommand(user, parseWith(uuidParam, id)));
  }

  @Get('loans/:id/write-off')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's write-off: none, requested or approved (with what was written off)" })
  @ApiOkResponse({ schema: openApi(writeOffSchema) })
  writeOff(@Param('id') id: string) {
    return this.queries.execute(new GetWriteOffQuery(parseWith(uuidParam, id)));
  }
}
