import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { GetEmailQuery } from '../application/emails/get-email.handler.js';
import { EMAIL_SORT, ListEmailsQuery } from '../application/emails/list-emails.handler.js';
import { RetryEmailCommand } from '../application/emails/retry-email.handler.js';
import { emailIdParam, emailListFilter } from './email-request.schemas.js';
import { emailDetailSchema, emailSchema, openApi } from './email-response.schemas.js';

/** The email log for staff (ra-data-simple-rest), and a retry for failed emails. */
@ApiTags('admin emails')
@ApiSignedIn()
@Controller('admin')
export class AdminEmailsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('emails')
  @RequirePermission('emails.view')
  @ApiOperation({
    summary:
      'The email log (ra-data-simple-rest): filter={"q":"text","status":"failed","template":"password-reset","userId":"…"}, sort, range',
  })
  @ApiListQuery({ filter: '{"status":"failed"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page of emails; Content-Range: emails <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(emailSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: EMAIL_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(emailListFilter.shape),
    });
    const { id, ...rest } = parseWith(emailListFilter, params.filter);
    return sendPage(
      res,
      'emails',
      params.range,
      await this.queries.execute(new ListEmailsQuery({ ...rest, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('emails/:id')
  @RequirePermission('emails.view')
  @ApiOperation({ summary: 'One email with its delivery status' })
  @ApiOkResponse({ schema: openApi(emailDetailSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetEmailQuery(parseWith(emailIdParam, id)));
  }

  @Post('emails/:id/retry')
  @RequirePermission('emails.view')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a failed email again with a fresh set of attempts (409 unless it is failed)' })
  @ApiOkResponse({ description: 'the email, now queued', schema: openApi(emailSchema) })
  retry(@Param('id') id: string) {
    return this.commands.execute(new RetryEmailCommand(parseWith(emailIdParam, id)));
  }
}
