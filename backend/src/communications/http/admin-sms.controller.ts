import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { contentRange, parseListParams } from '../../platform/http/list-params.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListSmsQuery, SMS_SORT_FIELDS } from '../application/list-sms.handler.js';
import { openApi, problemSchema } from './email-response.schemas.js';

export const smsSchema = z.strictObject({
  id: z.uuid(),
  to: z.string(),
  body: z.string().describe('the text; a one-time code shows as [redacted] in production'),
  purpose: z.string().nullable(),
  status: z.enum(['sent', 'logged']).describe('sent through a provider, or only recorded (no provider configured)'),
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
});

const smsListFilter = z.strictObject({
  to: z.string().trim().max(20).optional(),
  purpose: z.string().trim().max(40).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(500)]).optional(),
});

/** The SMS log for staff (ra-data-simple-rest): what the SMS port sent or, without a provider, recorded. */
@ApiTags('admin sms')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin')
export class AdminSmsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('sms')
  @RequirePermission('sms.view')
  @ApiOperation({ summary: 'The SMS log (ra-data-simple-rest): filter={"to":"+91…","purpose":"quick-start"}, sort, range' })
  @ApiQuery({ name: 'filter', required: false, example: '{"to":"+919876543210"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'one page of messages; Content-Range: sms <start>-<end>/<total>', schema: openApi(z.array(smsSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(SMS_SORT_FIELDS), defaultSort: { field: 'createdAt', order: 'DESC' }, filters: Object.keys(smsListFilter.shape) });
    const { id, ...rest } = parseWith(smsListFilter, params.filter);
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const { rows, total } = await this.queries.execute(new ListSmsQuery({ ...rest, ids }, params.sort, params.range));
    res.setHeader('Content-Range', contentRange('sms', params.range, rows.length, total));
    return rows;
  }
}
