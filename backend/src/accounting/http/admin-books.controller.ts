import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { RequestValidationFailed } from '../../platform/http/problem.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { BooksCommands, MANUAL_ENTRY_SORT, PERIOD_CLOSE_SORT } from '../application/books-commands.js';
import {
  closeRequestBody,
  manualEntryBody,
  manualEntrySchema,
  periodCloseSchema,
  periodsSchema,
  reasonBody,
} from './accounting.schemas.js';

const idParam = z.uuid('id must be an id');
const entryFilter = z.strictObject({ status: z.enum(['proposed', 'approved', 'rejected']).optional() });

/** Field names as the domain writes them: `lines[1].debit`, not zod's `lines.1.debit`. */
function parseEntry(body: unknown) {
  try {
    return parseWith(manualEntryBody, body);
  } catch (error) {
    if (!(error instanceof RequestValidationFailed)) throw error;
    throw new RequestValidationFailed(error.fields.map((f) => ({ ...f, name: f.name.replace(/\.([0-9]+)(?=\.|$)/g, '[$1]') })));
  }
}

/**
 * Manual journal entries and period close (issue 31 items 3 and 4), maker-checker: an entry proposed by one holder of
 * accounting.post is approved or rejected by another; a close of a month asked for by one holder of accounting.close
 * is approved or rejected by another (403 same-person for the one who asked). Reading needs accounting.view.
 */
@ApiTags('admin accounting')
@ApiSignedIn()
@Controller('admin/accounting')
export class AdminBooksController {
  constructor(private readonly books: BooksCommands) {}

  @Get('manual-entries')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: 'Manual journal entries (ra-data-simple-rest): filter={"status":"proposed"}' })
  @ApiListQuery({ filter: '{"status":"proposed"}', sort: '["proposedAt","DESC"]' })
  @ApiOkResponse({ description: 'Content-Range: manual-entries <start>-<end>/<total>', schema: openApi(z.array(manualEntrySchema)) })
  async entries(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: MANUAL_ENTRY_SORT.fields,
      defaultSort: { field: 'proposedAt', order: 'DESC' },
      filters: Object.keys(entryFilter.shape),
    });
    const { status } = parseWith(entryFilter, params.filter);
    return sendPage(res, 'manual-entries', params.range, await this.books.entries(status, params.sort, params.range));
  }

  @Get('manual-entries/:id')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: 'One manual journal entry' })
  @ApiOkResponse({ schema: openApi(manualEntrySchema) })
  entry(@Param('id') id: string) {
    return this.books.entry(parseWith(idParam, id));
  }

  @Post('manual-entries')
  @RequirePermission('accounting.post')
  @ApiOperation({
    summary:
      'Propose a manual journal entry (the maker): at least two lines, each a debit or a credit in paise on an active account, debits = credits, dated after the closed periods',
  })
  @ApiBody({ schema: z.toJSONSchema(manualEntryBody, { io: 'input' }) as object })
  @ApiCreatedResponse({ schema: openApi(manualEntrySchema) })
  propose(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.books.proposeEntry(actor, parseEntry(body));
  }

  @Post('manual-entries/:id/approve')
  @RequirePermission('accounting.post')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a proposed manual entry (a second person; 403 same-person for its maker): it is posted to the books' })
  @ApiOkResponse({ schema: openApi(manualEntrySchema) })
  approve(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.books.approveEntry(actor, parseWith(idParam, id));
  }

  @Post('manual-entries/:id/reject')
  @RequirePermission('accounting.post')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reject a proposed manual entry with a reason (a second person; 403 same-person for its maker): nothing is posted',
  })
  @ApiBody({ schema: z.toJSONSchema(reasonBody) as object })
  @ApiOkResponse({ schema: openApi(manualEntrySchema) })
  reject(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.books.rejectEntry(actor, parseWith(idParam, id), parseWith(reasonBody, body).reason);
  }

  @Get('periods')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: 'The accounting periods: the last closed date, and the close request waiting for approval' })
  @ApiOkResponse({ schema: openApi(periodsSchema) })
  periods() {
    return this.books.periods();
  }

  @Get('period-closes')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: 'Period close requests, closed and rejected ones too (ra-data-simple-rest)' })
  @ApiListQuery({ sort: '["through","DESC"]' })
  @ApiOkResponse({ description: 'Content-Range: period-closes <start>-<end>/<total>', schema: openApi(z.array(periodCloseSchema)) })
  async closes(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PERIOD_CLOSE_SORT.fields,
      defaultSort: { field: 'requestedAt', order: 'DESC' },
      filters: [],
    });
    return sendPage(res, 'period-closes', params.range, await this.books.closes(params.sort, params.range));
  }

  @Post('period-closes')
  @RequirePermission('accounting.close')
  @ApiOperation({
    summary: 'Ask for a month to be closed (every date up to its end; the maker): a month that has ended, after the last closed one',
  })
  @ApiBody({ schema: z.toJSONSchema(closeRequestBody) as object })
  @ApiCreatedResponse({ schema: openApi(periodCloseSchema) })
  requestClose(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.books.requestClose(actor, parseWith(closeRequestBody, body).month);
  }

  @Post('period-closes/:id/approve')
  @RequirePermission('accounting.close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the close asked for (a second person; 403 same-person): AccountingPeriodClosed' })
  @ApiOkResponse({ schema: openApi(periodCloseSchema) })
  approveClose(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.books.approveClose(actor, parseWith(idParam, id));
  }

  @Post('period-closes/:id/reject')
  @RequirePermission('accounting.close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject the close asked for, with a reason (a second person; 403 same-person)' })
  @ApiBody({ schema: z.toJSONSchema(reasonBody) as object })
  @ApiOkResponse({ schema: openApi(periodCloseSchema) })
  rejectClose(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.books.rejectClose(actor, parseWith(idParam, id), parseWith(reasonBody, body).reason);
  }
}
