import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { GetConsentsQuery, GetGivableConsentsQuery, GiveConsent, WithdrawConsent } from '../application/consents.handlers.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { CONSENT_PURPOSES, isConsentPurpose, type ConsentPurpose } from '../domain/consents.js';
import { unknownConsentPurpose } from '../domain/origination.errors.js';
import { consentSchema, givableConsentSchema, giveConsentBody, openApi, problemSchema } from './origination-response.schemas.js';

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

  @Get('givable')
  @Roles('borrower')
  @ApiOperation({
    summary: 'The consents you may give at any time (communications: offers and news), the text to read, and whether each is in force',
  })
  @ApiOkResponse({ schema: openApi(z.array(givableConsentSchema)) })
  givable(@CurrentActor() me: Actor) {
    return this.queries.execute(new GetGivableConsentsQuery(me.id));
  }

  @Post(':purpose/give')
  @HttpCode(200)
  @Roles('borrower')
  @ApiParam({ name: 'purpose', enum: CONSENT_PURPOSES })
  @ApiOperation({
    summary:
      'Give a consent the law lets you give at any time ({version}: the text version you read; only communications); nothing new while one is in force. 409 not-givable for the others, 400 when the text changed',
  })
  @ApiOkResponse({ schema: openApi(z.array(consentSchema)) })
  give(@CurrentActor() me: Actor, @Param('purpose') purpose: string, @Body() body: unknown) {
    const name = purposeParam(purpose);
    const { version } = parseWith(giveConsentBody, body);
    return this.commands.execute(new GiveConsent(me.id, name, version));
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
