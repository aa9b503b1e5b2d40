import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { ListSmsQuery, SMS_SORT } from '../application/channels/list-sms.handler.js';
import { openApi } from './email-response.schemas.js';

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
@ApiSignedIn()
@Controller('admin')
export class AdminSmsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('sms')
  @RequirePermission('sms.view')
  @ApiOperation({ summary: 'The SMS log (ra-data-simple-rest): filter={"to":"+91…","purpose":"quick-start"}, sort, range' })
  @ApiListQuery({ filter: '{"to":"+919876543210"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page of messages; Content-Range: sms <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(smsSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: SMS_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(smsListFilter.shape),
    });
    const { id, ...rest } = parseWith(smsListFilter, params.filter);
    return sendPage(
      res,
      'sms',
      params.range,
      await this.queries.execute(new ListSmsQuery({ ...rest, ids: idsOf(id) }, params.sort, params.range)),
    );
  }
}
