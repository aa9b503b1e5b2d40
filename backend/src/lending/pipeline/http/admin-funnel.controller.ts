import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { RequirePermission } from '../../../identity/public/index.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { CountApplicationFunnelQuery } from '../application/count-application-funnel.handler.js';
import { activityQuery } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

export const funnelSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  steps: z.array(
    z.strictObject({
      step: z.string(),
      label: z.string(),
      loans: z.number().int().describe('loans started in the period that reached this step'),
    }),
  ),
});

/** The staff dashboard's application funnel, counted from our own loan events (not from the analytics provider). */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminFunnelController {
  constructor(private readonly queries: QueryBus) {}

  @Get('application-funnel')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Of the loans started from..to (business dates, at most a year), how many reached each application step' })
  @ApiQuery({ name: 'from', required: true, example: '2026-11-01' })
  @ApiQuery({ name: 'to', required: true, example: '2026-11-30' })
  @ApiOkResponse({ schema: openApi(funnelSchema) })
  funnel(@Query() query: Record<string, unknown>) {
    const { from, to } = parseWith(activityQuery, query);
    return this.queries.execute(new CountApplicationFunnelQuery(from, to));
  }
}
