import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetForeclosureQuoteQuery } from '../application/get-foreclosure-quote.handler.js';
import { GetLoanStatementQuery } from '../application/get-loan-statement.handler.js';
import { ListLoanTransactionsQuery } from '../application/list-loan-transactions.handler.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { foreclosureQuoteSchema, quoteQuery, transactionSchema } from './servicing.schemas.js';
import { sendStatementPdf } from './statement-response.js';

/** What staff read of a disbursed loan's money: the foreclosure quote, the ledger, the statement. */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin/loans')
export class AdminLoanServicingController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/foreclosure-quote')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'What pays the loan off on a date (default: the business date); paying total on that date closes it' })
  @ApiQuery({ name: 'date', required: false, example: '2026-11-23' })
  @ApiOkResponse({ schema: openApi(foreclosureQuoteSchema) })
  quote(@CurrentActor() user: Actor, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.queries.execute(new GetForeclosureQuoteQuery(parseWith(uuidParam, id), user, parseWith(quoteQuery, query).date));
  }

  @Get(':id/transactions')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's ledger, oldest first" })
  @ApiOkResponse({ schema: openApi(z.array(transactionSchema)) })
  transactions(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new ListLoanTransactionsQuery(parseWith(uuidParam, id), user));
  }

  @Get(':id/statement.pdf')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'The loan statement PDF (inline; ?download=1 to download)' })
  @ApiQuery({ name: 'download', required: false, example: '1' })
  @ApiProduces('application/pdf')
  async statement(
    @CurrentActor() user: Actor,
    @Param('id') id: string,
    @Query('download') download: string | undefined,
    @Res() res: FastifyReply,
  ) {
    const loanId = parseWith(uuidParam, id);
    sendStatementPdf(res, loanId, await this.queries.execute(new GetLoanStatementQuery(loanId, user)), download);
  }
}
