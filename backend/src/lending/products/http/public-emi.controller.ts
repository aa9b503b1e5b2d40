import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../platform/http/access.decorators.js';
import { ApiProblems } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { CalculateEmiQuery } from '../application/calculate-emi.handler.js';
import { emiQuery } from '../../loan/http/loan-request.schemas.js';
import { emiQuoteSchema, openApi } from '../../loan/http/loan-response.schemas.js';

@ApiTags('public')
@ApiProblems()
@Controller('public')
export class PublicEmiController {
  constructor(private readonly queries: QueryBus) {}

  @Get('emi')
  @Public()
  @ApiOperation({
    summary: 'EMI calculator: ?principal=<minor units>&annualRatePercent=&months= -> {emi, totalInterest, totalPayable, schedule}',
  })
  @ApiQuery({ name: 'principal', required: true, example: '10000000', description: 'minor units, 1 to 10^13' })
  @ApiQuery({ name: 'annualRatePercent', required: true, example: '18', description: '0 to 100' })
  @ApiQuery({ name: 'months', required: true, example: '12', description: '1 to 600' })
  @ApiOkResponse({ schema: openApi(emiQuoteSchema) })
  emi(@Query() query: Record<string, unknown>) {
    return this.queries.execute(new CalculateEmiQuery(parseWith(emiQuery, query)));
  }
}
