import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetMyLoanTimelineQuery } from '../application/queries/get-my-loan-timeline.handler.js';
import { GetLoanQuery } from '../application/queries/get-loan.handler.js';
import { ListMyLoansQuery } from '../application/queries/list-my-loans.handler.js';
import { ListMyNotificationsQuery } from '../application/queries/list-my-notifications.handler.js';
import { uuidParam } from './loan-request.schemas.js';
import { myLoanDetailSchema, myLoanSchema, myTimelineEntrySchema, notificationSchema, openApi } from './loan-response.schemas.js';

/**
 * The borrower's own loans, to read (applying, signing and cancelling are in lending/pipeline). Every route is borrower-only and scoped to the signed-in borrower in the handlers, and
 * answers the borrower view (application/borrower-loan.view.ts): no staff identity, no staff note, no score.
 */
@ApiTags('borrower loans')
@ApiSignedIn()
@Controller('me')
export class MyLoansController {
  constructor(private readonly queries: QueryBus) {}

  @Get('loans')
  @Roles('borrower')
  @ApiOperation({ summary: 'My loans, newest first' })
  @ApiOkResponse({ schema: openApi(z.array(myLoanSchema)) })
  list(@CurrentActor() user: Actor) {
    return this.queries.execute(new ListMyLoansQuery(user.id));
  }

  @Get('loans/:id')
  @Roles('borrower')
  @ApiOperation({ summary: 'One of my loans, with its repayment schedule once active' })
  @ApiOkResponse({ schema: openApi(myLoanDetailSchema) })
  get(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLoanQuery(parseWith(uuidParam, id), user));
  }

  @Get('loans/:id/history')
  @Roles('borrower')
  @ApiOperation({
    summary:
      'What happened to my loan and when: [{position, type, stateAfter, at, by: you|lender, reason}] (reason only for rejection and cancellation)',
  })
  @ApiOkResponse({ schema: openApi(z.array(myTimelineEntrySchema)) })
  history(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetMyLoanTimelineQuery(parseWith(uuidParam, id), user));
  }

  @Get('notifications')
  @Roles('borrower')
  @ApiOperation({ summary: 'Messages about my loans, newest first (written by the worker)' })
  @ApiOkResponse({ schema: openApi(z.array(notificationSchema)) })
  notifications(@CurrentActor() user: Actor) {
    return this.queries.execute(new ListMyNotificationsQuery(user.id));
  }
}
