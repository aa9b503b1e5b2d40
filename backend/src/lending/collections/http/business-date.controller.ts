import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetBusinessDateQuery, SetBusinessDateCommand } from '../application/business-date.handlers.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { businessDateBody, businessDateSchema } from './business-date.schemas.js';

/** The business date commands run on (BUSINESS_DATE_MODE, BUSINESS_TIMEZONE): every staff member sees it. */
@ApiTags('admin business date')
@ApiSignedIn()
@Controller('admin')
export class BusinessDateController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('business-date')
  @Roles('staff')
  @ApiOperation({ summary: 'The business date: today in BUSINESS_TIMEZONE, or in manual mode the date staff set' })
  @ApiOkResponse({ schema: openApi(businessDateSchema) })
  get() {
    return this.queries.execute(new GetBusinessDateQuery());
  }

  @Put('business-date')
  @RequirePermission('business-date.manage')
  @ApiOperation({
    summary: 'Set the business date (BUSINESS_DATE_MODE=manual only; 409 business-date-automatic otherwise). Audited: who, when, from, to',
  })
  @ApiBody({ schema: z.toJSONSchema(businessDateBody) as object })
  @ApiOkResponse({ schema: openApi(businessDateSchema) })
  set(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new SetBusinessDateCommand(actor, parseWith(businessDateBody, body).date));
  }
}
