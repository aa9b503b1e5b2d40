import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { GetDialerQueueQuery, PlaceDialerCallCommand, RecordDialerOutcomeCommand } from '../application/channels/dialer.handlers.js';
import {
  dialerCallSchema,
  dialerOutcomeBody,
  dialerQueueSchema,
  placeDialerCallBody,
  recordedDialerOutcomeSchema,
} from './channel.schemas.js';
import { openApi } from './email-response.schemas.js';

const callIdParam = z.uuid('the call id is a UUID');

/** Number of loans on the call list. */
const QUEUE_LENGTH = 200;

/** The dialer (dialer.use): the overdue book as a call list, click-to-call inside the contact window, each outcome to the contact log. */
@ApiTags('admin dialer')
@ApiSignedIn()
@Controller('admin/dialer')
export class AdminDialerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('queue')
  @RequirePermission('dialer.use')
  @ApiOperation({
    summary:
      'The overdue loans to call, most days past due then largest amount first (200 at most), and whether the 08:00–19:00 window is open now',
  })
  @ApiOkResponse({ schema: openApi(dialerQueueSchema) })
  queue() {
    return this.queries.execute(new GetDialerQueueQuery(QUEUE_LENGTH));
  }

  @Post('calls')
  @RequirePermission('dialer.use')
  @ApiOperation({ summary: "Click-to-call an overdue loan's borrower through the dialer provider; 409 outside 08:00–19:00 business time" })
  @ApiBody({ schema: z.toJSONSchema(placeDialerCallBody) as object })
  @ApiCreatedResponse({ schema: openApi(dialerCallSchema) })
  call(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new PlaceDialerCallCommand(actor, parseWith(placeDialerCallBody, body).loanId.toLowerCase()));
  }

  @Post('calls/:id/outcome')
  @HttpCode(200)
  @RequirePermission('dialer.use')
  @ApiOperation({
    summary:
      "The outcome of a call you placed, to the loan's contact log (CollectionContactRecorded, channel call); once per call (409 after)",
  })
  @ApiBody({ schema: z.toJSONSchema(dialerOutcomeBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: openApi(recordedDialerOutcomeSchema) })
  outcome(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RecordDialerOutcomeCommand(actor, parseWith(callIdParam, id), parseWith(dialerOutcomeBody, body)));
  }
}
