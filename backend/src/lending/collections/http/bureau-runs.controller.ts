import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import {
  GenerateBureauFileCommand,
  GetBureauRunFileQuery,
  GetBureauRunQuery,
  GetBureauRunReportQuery,
  ListBureauRunsQuery,
} from '../application/bureau-runs.handlers.js';
import type { BureauRunFile } from '../application/bureau-runs.js';
import type { RejectedRecord } from '../domain/bureau/bureau-file.js';
import { bureauReportCsv } from '../domain/bureau/bureau-report.js';
import { openApi } from '../../../platform/http/openapi-schemas.js';
import { bureauReportQuery, bureauReportSchema, bureauRunIdParam, bureauRunSchema, generateBureauFileBody } from './bureau-runs.schemas.js';

/**
 * Credit bureau reporting (issue 33 item 7): the monthly TUDF file for the credit information companies, generated
 * from the console for a month that has ended, its download, and the records left out with a reason per field.
 */
@ApiTags('admin bureau reporting')
@ApiSignedIn()
@Controller('admin/bureau-runs')
export class BureauRunsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @RequirePermission('bureau.report')
  @ApiOperation({
    summary:
      "Generate the month's TUDF file as of its last day (400 with a field list for a month not yet ended, current or future). " +
      'Records that cannot be reported are left out and listed; the file is parsed and checked before it is stored',
  })
  @ApiBody({ schema: openApi(generateBureauFileBody) })
  @ApiCreatedResponse({ schema: openApi(bureauRunSchema) })
  generate(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.commands.execute(new GenerateBureauFileCommand(parseWith(generateBureauFileBody, body).month, actor));
  }

  @Get()
  @RequirePermission('bureau.report')
  @ApiOperation({ summary: 'The bureau runs, newest first (range=[0,9]; Content-Range: bureau-runs …)' })
  @ApiListQuery({ range: '[0,9]' })
  @ApiOkResponse({ schema: openApi(z.array(bureauRunSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ['generatedAt'],
      defaultSort: { field: 'generatedAt', order: 'DESC' },
      filters: [],
    });
    return sendPage(res, 'bureau-runs', params.range, await this.queries.execute(new ListBureauRunsQuery(params.range)));
  }

  @Get(':id')
  @RequirePermission('bureau.report')
  @ApiOperation({ summary: 'One run: month, as-of date, who generated it, counts, file name and SHA-256' })
  @ApiOkResponse({ schema: openApi(bureauRunSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetBureauRunQuery(parseWith(bureauRunIdParam, id)));
  }

  @Get(':id/file')
  @RequirePermission('bureau.report')
  @ApiProduces('text/plain')
  @ApiOperation({ summary: "The run's TUDF file, as stored (text/plain, an attachment named tudf-<month>.txt)" })
  @ApiOkResponse({ schema: { type: 'string' } })
  async file(@Param('id') id: string, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const file: BureauRunFile = await this.queries.execute(new GetBureauRunFileQuery(parseWith(bureauRunIdParam, id)));
    res.header('Content-Type', 'text/plain; charset=us-ascii');
    res.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return file.text;
  }

  @Get(':id/report')
  @RequirePermission('bureau.report')
  @ApiProduces('application/json', 'text/csv')
  @ApiQuery({ name: 'format', enum: ['json', 'csv'], required: false })
  @ApiOperation({ summary: 'The records the run left out, each with a reason per field (format=json, or csv: one line per problem)' })
  @ApiOkResponse({ schema: openApi(bureauReportSchema) })
  async report(@Param('id') id: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const { format } = parseWith(bureauReportQuery, query);
    const report: { month: string; rejected: RejectedRecord[] } = await this.queries.execute(
      new GetBureauRunReportQuery(parseWith(bureauRunIdParam, id)),
    );
    if (format === 'json') return report;
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="tudf-${report.month}-not-reported.csv"`);
    return bureauReportCsv(report.rejected);
  }
}
