import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { GetConsentsQuery, WithdrawConsent } from '../application/consents.handlers.js';
import { CONSENT_PURPOSES, isConsentPurpose, type ConsentPurpose } from '../domain/consents.js';
import { unknownConsentPurpose } from '../domain/origination.errors.js';
import { consentSchema, openApi, problemSchema } from './origination-response.schemas.js';

function purposeParam(value: string): ConsentPurpose {
  if (!isConsentPurpose(value)) throw unknownConsentPurpose(value);
  return value;
}

/** The borrower's consents (DPDP Act, 2023; issue 33 item 5): shown, and withdrawn where the rules allow. */
@ApiTags('borrower consents')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('me/consents')
export class MyConsentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Roles('borrower')
  @ApiOperation({
    summary:
      'Every consent you gave, newest first: purpose, text version and hash, when given and withdrawn, and whether it may be withdrawn now',
  })
  @ApiOkResponse({ schema: openApi(z.array(consentSchema)) })
  all(@CurrentActor() me: Actor) {
    return this.queries.execute(new GetConsentsQuery(me.id));
  }

  @Post(':purpose/withdraw')
  @HttpCode(200)
  @Roles('borrower')
  @ApiParam({ name: 'purpose', enum: CONSENT_PURPOSES })
  @ApiOperation({
    summary:
      'Withdraw your consent for a purpose (the record stays, withdrawn); 409 consent-required with the reason while a loan or application needs it, 404 when none is in force',
  })
  @ApiOkResponse({ schema: openApi(z.array(consentSchema)) })
  withdraw(@CurrentActor() me: Actor, @Param('purpose') purpose: string) {
    return this.commands.execute(new WithdrawConsent(me.id, purposeParam(purpose)));
  }
}
