import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { HttpProblem } from '../../platform/http/problem.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { AccountingReports, JOURNAL_SORT, type JournalFilter } from '../application/accounting-reports.js';
import {
  accountSchema,
  accountStatementSchema,
  journalEntrySchema,
  journalEntriesCsv,
  reconciliationSchema,
  trialBalanceCsv,
  trialBalanceSchema,
} from './accounting.schemas.js';

const date = (name: string) => z.iso.date(`${name} must be a date (YYYY-MM-DD)`);
const asOfQuery = z.strictObject({ asOf: date('asOf') });
const statementQuery = z.strictObject({ from: date('from').optional(), to: date('to').optional() });
const journalFilter = z.strictObject({
  accountCode: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'accountCode must be an account code')
    .optional(),
  loanId: z.uuid('loanId must be a loan id').optional(),
  from: date('from').optional(),
  to: date('to').optional(),
});
const loanIdParam = z.uuid('id must be a loan id');
const codeParam = z.string().regex(/^[0-9]{1,10}$/, 'code must be an account code');
/** The CSV export of journal entries: at most this many entries (narrow the dates for more). */
const CSV_ENTRIES = 10_000;

class AccountNotFound extends HttpProblem {
  constructor(code: string) {
    super(404, 'not-found', 'No such account', `There is no account ${code} in the chart of accounts`);
  }
}

/**
 * The books (issue 31), for staff holding accounting.view: the chart of accounts, journal entries derived from the
 * loan log (filter by account, loan and value dates; ra-data-simple-rest), a trial balance as of a date, an account's
 * statement, a loan's journal and the reconciliation of loans receivable with lending's principal outstanding; CSV
 * exports of the trial balance and of journal entries. Read-only: nothing here posts.
 */
@ApiTags('admin accounting')
@ApiSignedIn()
@Controller('admin')
export class AdminAccountingController {
  constructor(private readonly reports: AccountingReports) {}

  @Get('accounting/accounts')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: 'The chart of accounts (ra-data-simple-rest, every account in one page, by code)' })
  @ApiOkResponse({ schema: openApi(z.array(accountSchema)) })
  async accounts(@Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.reports.accounts();
    return sendPage(
      res,
      'accounts',
      { start: 0, end: Math.max(0, rows.length - 1) },
      { rows: rows.map((a) => ({ id: a.code, ...a })), total: rows.length },
    );
  }

  @Get('accounting/accounts/:code/statement')
  @RequirePermission('accounting.view')
  @ApiOperation({
    summary: "An account's statement between two value dates (either open): opening balance, lines with running balance, closing",
  })
  @ApiOkResponse({ schema: openApi(accountStatementSchema) })
  async statement(@Param('code') code: string, @Query() query: Record<string, unknown>) {
    const { from, to } = parseWith(statementQuery, query);
    const account = await this.reports.account(parseWith(codeParam, code));
    if (!account) throw new AccountNotFound(code);
    return this.reports.statement(account, from, to);
  }

  @Get('accounting/journal-entries')
  @RequirePermission('accounting.view')
  @ApiOperation({
    summary: 'Journal entries (ra-data-simple-rest): filter={"accountCode":"1100","loanId":"…","from":"2026-01-01","to":"…"}',
  })
  @ApiListQuery({ filter: '{"accountCode":"1100"}', sort: '["valueDate","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: journal-entries <start>-<end>/<total>',
    schema: openApi(z.array(journalEntrySchema)),
  })
  async journal(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: JOURNAL_SORT.fields,
      defaultSort: { field: 'valueDate', order: 'DESC' },
      filters: Object.keys(journalFilter.shape),
    });
    const filter: JournalFilter = parseWith(journalFilter, params.filter);
    return sendPage(res, 'journal-entries', params.range, await this.reports.journal(filter, params.sort, params.range));
  }

  @Get('accounting/journal-entries.csv')
  @RequirePermission('accounting.view')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="journal-entries.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Journal entries as CSV, one row per line (same filter as the list; oldest first, at most 10,000 entries)' })
  async journalCsv(@Query() query: Record<string, unknown>) {
    const params = parseListParams(query, {
      sortFields: JOURNAL_SORT.fields,
      defaultSort: { field: 'valueDate', order: 'ASC' },
      filters: Object.keys(journalFilter.shape),
    });
    const filter: JournalFilter = parseWith(journalFilter, params.filter);
    const { rows } = await this.reports.journal(filter, { field: 'valueDate', order: 'ASC' }, { start: 0, end: CSV_ENTRIES - 1 });
    return journalEntriesCsv(rows);
  }

  @Get('accounting/trial-balance')
  @RequirePermission('accounting.view')
  @ApiOperation({
    summary: 'Trial balance as of a value date: every account with its debit or credit balance; total debits = total credits',
  })
  @ApiOkResponse({ schema: openApi(trialBalanceSchema) })
  trialBalance(@Query() query: Record<string, unknown>) {
    return this.reports.trialBalance(parseWith(asOfQuery, query).asOf);
  }

  @Get('accounting/trial-balance.csv')
  @RequirePermission('accounting.view')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="trial-balance.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The trial balance as CSV (code, name, type, debit, credit in rupees; a total row)' })
  async trialBalanceCsv(@Query() query: Record<string, unknown>) {
    return trialBalanceCsv(await this.reports.trialBalance(parseWith(asOfQuery, query).asOf));
  }

  @Get('accounting/reconciliation')
  @RequirePermission('accounting.view')
  @ApiOperation({
    summary: "Loans receivable in the books against the sum of every loan's principal outstanding (lending's fold) on a date",
  })
  @ApiOkResponse({ schema: openApi(reconciliationSchema) })
  reconciliation(@Query() query: Record<string, unknown>) {
    return this.reports.reconciliation(parseWith(asOfQuery, query).asOf);
  }

  @Get('loans/:id/journal')
  @RequirePermission('accounting.view')
  @ApiOperation({ summary: "A loan's journal entries in the order of its events" })
  @ApiOkResponse({ schema: openApi(z.array(journalEntrySchema)) })
  loanJournal(@Param('id') id: string) {
    return this.reports.loanJournal(parseWith(loanIdParam, id));
  }
}
