import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { ActOnMandateCommand } from '../application/act-on-mandate.handler.js';
import { GetLoanMandatesQuery } from '../application/get-loan-mandates.handler.js';
import { StartMandateRegistrationCommand } from '../application/start-mandate-registration.handler.js';
import { loanMandatesSchema, mandateIdParam, mandateSchema, mandateStartedSchema, registerMandateBody } from './mandates.schemas.js';

/** The borrower's auto-debit: register after signing, see the mandate and each presentation, cancel it. Another borrower's loan or mandate is "not found". */
@ApiTags('borrower loans')
@ApiSignedIn()
@Controller('me')
export class MyMandatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('loans/:id/mandates')
  @Roles('borrower')
  @ApiOperation({ summary: 'Set up auto-debit (e-nach or upi-autopay): send the borrower to redirectUrl to authorise it at their bank' })
  @ApiBody({ schema: z.toJSONSchema(registerMandateBody) as object })
  @ApiCreatedResponse({ schema: openApi(mandateStartedSchema) })
  register(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    const { kind } = parseWith(registerMandateBody, body);
    return this.commands.execute(new StartMandateRegistrationCommand(user, parseWith(uuidParam, id), kind));
  }

  @Get('loans/:id/mandates')
  @Roles('borrower')
  @ApiOperation({ summary: 'My auto-debit mandates on this loan and each presentation' })
  @ApiOkResponse({ schema: openApi(loanMandatesSchema) })
  mandates(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLoanMandatesQuery(parseWith(uuidParam, id), user));
  }

  @Post('mandates/:id/cancel')
  @Roles('borrower')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel my mandate: no more auto-debits; I pay each instalment myself' })
  @ApiOkResponse({ schema: openApi(mandateSchema) })
  cancel(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(
      new ActOnMandateCommand(user, parseWith(mandateIdParam, id), { action: 'cancel', cause: 'borrower-request' }),
    );
  }
}
