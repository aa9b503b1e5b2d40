import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { CalculateEmiQuery } from '../application/calculate-emi.handler.js';
import { emiQuery } from './loan-request.schemas.js';

@ApiTags('public')
@Controller('public')
export class PublicEmiController {
  constructor(private readonly queries: QueryBus) {}

  @Get('emi')
  @Public()
  @ApiOperation({ summary: 'EMI calculator: ?principal=<minor units>&annualRatePercent=&months= -> {emi, totalInterest, totalPayable, schedule}' })
  emi(@Query() query: Record<string, unknown>) {
    return this.queries.execute(new CalculateEmiQuery(parseWith(emiQuery, query)));
  }
}
