import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { sendDocument } from '../../platform/http/send-document.js';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { ReplyToIssue, UpdateIssue } from '../application/help-issue.commands.js';
import { GetIssue, ListIssueAssignees, ListIssues, ReadIssueAttachment } from '../application/help-issue.queries.js';
import { ISSUE_SORT } from '../application/help-issues.repository.js';
import {
  documentIdParam,
  issueAssigneeSchema,
  issueIdParam,
  issueListFilter,
  issueRowSchema,
  issueSchema,
  staffReplyBody,
  updateIssueBody,
} from './help-issue.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** Help issues (ra-data-simple-rest) for staff holding issues.manage: assign, move, reply, note. */
@ApiTags('admin issues')
@ApiSignedIn()
@Controller('admin')
export class AdminIssuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('issues')
  @RequirePermission('issues.manage')
  @ApiOperation({
    summary:
      'Issues (ra-data-simple-rest): filter={"status":"open","category":"repayment","assignedTo":"<staff id>","overdue":true,"q":"#1042 or text"}, sort, range',
  })
  @ApiListQuery({ filter: '{"overdue":true}', sort: '["createdAt","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: issues <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(issueRowSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ISSUE_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'ASC' },
      filters: Object.keys(issueListFilter.shape),
    });
    const { id, ...filter } = parseWith(issueListFilter, params.filter);
    return sendPage(
      res,
      'issues',
      params.range,
      await this.queries.execute(new ListIssues({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('issue-assignees')
  @RequirePermission('issues.manage')
  @ApiOperation({ summary: 'Whom an issue may be assigned to: active staff holding issues.manage' })
  @ApiOkResponse({ schema: openApi(z.array(issueAssigneeSchema)) })
  assignees() {
    return this.queries.execute(new ListIssueAssignees());
  }

  @Get('issues/:id')
  @RequirePermission('issues.manage')
  @ApiOperation({ summary: 'One issue: borrower, attachments, replies and internal notes, the audit trail, the statuses it may move to' })
  @ApiOkResponse({ schema: openApi(issueSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetIssue(parseWith(issueIdParam, id)));
  }

  @Put('issues/:id')
  @RequirePermission('issues.manage')
  @ApiOperation({
    summary: 'Move an issue (open → inProgress → resolved → closed; resolved → inProgress reopens) and/or assign it; each change audited',
  })
  @ApiBody({ schema: inputSchema(updateIssueBody) })
  @ApiOkResponse({ schema: openApi(issueSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const issueId = parseWith(issueIdParam, id);
    return this.commands.execute(new UpdateIssue(actor, issueId, parseWith(updateIssueBody, body)));
  }

  @Post('issues/:id/replies')
  @RequirePermission('issues.manage')
  @ApiOperation({
    summary: 'Reply to the borrower (emailed through the issue-replied template) or, with internal: true, add a note only staff see',
  })
  @ApiBody({ schema: inputSchema(staffReplyBody) })
  @ApiCreatedResponse({ schema: openApi(issueSchema) })
  reply(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const issueId = parseWith(issueIdParam, id);
    const { message, internal } = parseWith(staffReplyBody, body);
    return this.commands.execute(new ReplyToIssue(actor, issueId, message, internal));
  }

  @Get('issues/:id/attachments/:documentId')
  @RequirePermission('issues.manage')
  @ApiOperation({ summary: "An attachment of the issue (one of its borrower's uploads), its bytes" })
  async attachment(@Param('id') id: string, @Param('documentId') documentId: string, @Res() res: FastifyReply) {
    const document: { id: string; contentType: string; bytes: Buffer } = await this.queries.execute(
      new ReadIssueAttachment(parseWith(issueIdParam, id), parseWith(documentIdParam, documentId)),
    );
    sendDocument(res, document);
  }
}
