import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { AddLeadNoteCommand, CreateLeadCommand, MoveLeadStatusCommand, UpdateLeadCommand } from '../application/lead.commands.js';
import { GetLeadQuery, LeadStatusCountsQuery, ListLeadAgentsQuery, ListLeadsQuery } from '../application/lead.queries.js';
import { LEAD_SORT } from '../leads/leads.repository.js';
import {
  createLeadBody,
  leadAgentSchema,
  leadDetailSchema,
  leadIdParam,
  leadListFilter,
  leadNoteBody,
  leadSchema,
  leadStatusBody,
  leadStatusCountsSchema,
  leadStatusQuery,
  updateLeadBody,
} from './lead.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;
const ALL = {};

/** Every lead (ra-data-simple-rest) for staff holding leads.manage; each change is audited in lead_changes. */
@ApiTags('admin leads')
@ApiSignedIn()
@Controller('admin')
export class AdminLeadsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('leads')
  @RequirePermission('leads.manage')
  @ApiOperation({
    summary: 'Leads (ra-data-simple-rest): filter={"q":"text","status":"new","source":"agent","assignedTo":"<staff id>"}, sort, range',
  })
  @ApiListQuery({ filter: '{"status":"new"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: leads <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(leadSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: LEAD_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(leadListFilter.shape),
    });
    const { id, ...filter } = parseWith(leadListFilter, params.filter);
    return sendPage(
      res,
      'leads',
      params.range,
      await this.queries.execute(new ListLeadsQuery(ALL, { ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('leads/:id')
  @RequirePermission('leads.manage')
  @ApiOperation({ summary: 'One lead with its notes, its change history and its duplicates' })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetLeadQuery(ALL, parseWith(leadIdParam, id)));
  }

  @Post('leads')
  @RequirePermission('leads.manage')
  @ApiOperation({ summary: 'Create a lead (source agent or import); phone is an Indian mobile, stored as +91 and ten digits' })
  @ApiBody({ schema: inputSchema(createLeadBody) })
  @ApiCreatedResponse({ schema: openApi(leadDetailSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { source, assignedTo, ...input } = parseWith(createLeadBody, body);
    return this.commands.execute(new CreateLeadCommand(actor, input, source, assignedTo ?? null));
  }

  @Put('leads/:id')
  @RequirePermission('leads.manage')
  @ApiOperation({ summary: "Save a lead's name, phone, email, follow-up date and agent (each changed field audited)" })
  @ApiBody({ schema: inputSchema(updateLeadBody) })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    const { assignedTo, ...input } = parseWith(updateLeadBody, body);
    return this.commands.execute(new UpdateLeadCommand(actor, ALL, leadId, input, assignedTo));
  }

  @Post('leads/:id/status')
  @HttpCode(200)
  @RequirePermission('leads.manage')
  @ApiOperation({
    summary: 'Move a lead: new → contacted → interested → converted (borrowerId) | lost (reason); 409 illegal-transition otherwise',
  })
  @ApiBody({ schema: inputSchema(leadStatusBody) })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  move(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    return this.commands.execute(new MoveLeadStatusCommand(actor, ALL, leadId, parseWith(leadStatusBody, body)));
  }

  @Post('leads/:id/notes')
  @RequirePermission('leads.manage')
  @ApiOperation({ summary: 'Add a note to a lead' })
  @ApiBody({ schema: inputSchema(leadNoteBody) })
  @ApiCreatedResponse({ schema: openApi(leadDetailSchema) })
  note(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    return this.commands.execute(new AddLeadNoteCommand(actor, ALL, leadId, parseWith(leadNoteBody, body).text));
  }

  @Get('lead-agents')
  @RequirePermission('leads.manage')
  @ApiOperation({ summary: 'The active staff a lead may be assigned to' })
  @ApiOkResponse({ schema: openApi(z.array(leadAgentSchema)) })
  agents() {
    return this.queries.execute(new ListLeadAgentsQuery());
  }

  @Get('lead-status')
  @RequirePermission('leads.manage')
  @ApiOperation({
    summary: "The dashboard's leadStatus panel: leads created from..to (business time zone; default the last 30 days) by status and source",
  })
  @ApiQuery({ name: 'from', required: false, example: '2026-11-01' })
  @ApiQuery({ name: 'to', required: false, example: '2026-11-30' })
  @ApiOkResponse({ schema: openApi(leadStatusCountsSchema) })
  counts(@Query() query: Record<string, unknown>) {
    const { from, to } = parseWith(leadStatusQuery, query);
    return this.queries.execute(new LeadStatusCountsQuery(from, to));
  }
}
