import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { RunCloseOfBusinessCommand } from '../application/close-of-business.handler.js';
import { GetLoanDelinquencyQuery } from '../application/get-loan-delinquency.handler.js';
import { closeOfBusinessBody, closeOfBusinessResultSchema, loanDelinquencySchema } from './collections.schemas.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

/** Collections (issue 13): close of business on demand, and a loan's classification history. */
@ApiTags('admin collections')
@ApiSignedIn()
@Controller('admin')
export class AdminCollectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('close-of-business')
  @HttpCode(200)
  @RequirePermission('collections.manage')
  @ApiOperation({
    summary:
      'Close of business: age every active loan through the date (default: the business date), catching up missed days; a repeat appends nothing',
  })
  @ApiBody({ schema: z.toJSONSchema(closeOfBusinessBody) as object })
  @ApiOkResponse({ schema: openApi(closeOfBusinessResultSchema) })
  closeOfBusiness(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new RunCloseOfBusinessCommand(actor, parseWith(closeOfBusinessBody, body ?? {}).date));
  }

  @Get('loans/:id/delinquency')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's RBI classification, days past due and every classification change, oldest first" })
  @ApiOkResponse({ schema: openApi(loanDelinquencySchema) })
  delinquency(@Param('id') id: string) {
    return this.queries.execute(new GetLoanDelinquencyQuery(parseWith(uuidParam, id)));
  }
}
