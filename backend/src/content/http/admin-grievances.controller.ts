import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../identity/public/index.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { EscalateGrievances, GetGrievanceReport } from '../application/grievances.js';
import { grievanceReportCsv, type GrievanceReport } from '../domain/grievance.js';
import { escalationResultSchema, grievanceMonthQuery, grievanceReportSchema } from './help-issue.schemas.js';

/** Grievances (issue 33 item 4): the monthly report (JSON and CSV) and the escalation on demand. */
@ApiTags('admin grievances')
@ApiSignedIn()
@Controller('admin/grievances')
export class AdminGrievancesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('report')
  @RequirePermission('grievances.view')
  @ApiOperation({ summary: 'The monthly grievance report: complaints received, resolved, resolved within 30 days, escalated' })
  @ApiQuery({ name: 'month', example: '2026-12', required: false })
  @ApiOkResponse({ schema: openApi(grievanceReportSchema) })
  report(@Query() query: Record<string, unknown>): Promise<GrievanceReport> {
    return this.queries.execute(new GetGrievanceReport(parseWith(grievanceMonthQuery, query).month));
  }

  @Get('report.csv')
  @RequirePermission('grievances.view')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'The monthly grievance report as CSV (a header and one line)' })
  @ApiQuery({ name: 'month', example: '2026-12', required: false })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string' } })
  async reportCsv(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const { month } = parseWith(grievanceMonthQuery, query);
    const report: GrievanceReport = await this.queries.execute(new GetGrievanceReport(month));
    res.header('Content-Disposition', `attachment; filename="grievances-${report.month}.csv"`);
    return grievanceReportCsv(report);
  }

  @Post('escalate')
  @HttpCode(200)
  @RequirePermission('issues.manage')
  @ApiOperation({ summary: 'Escalate now every complaint not resolved within 30 days of receipt (the daily job does it at 00:15)' })
  @ApiOkResponse({ schema: openApi(escalationResultSchema) })
  escalate() {
    return this.commands.execute(new EscalateGrievances());
  }
}
