import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { AddLeadNoteCommand, CreateLeadCommand, MoveLeadStatusCommand, UpdateLeadCommand } from '../application/lead.commands.js';
import { GetLeadQuery, ListLeadsQuery } from '../application/lead.queries.js';
import { LEAD_SORT } from '../leads/leads.repository.js';
import {
  agentLeadBody,
  agentLeadListFilter,
  leadDetailSchema,
  leadIdParam,
  leadNoteBody,
  leadSchema,
  leadStatusBody,
} from './lead.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;
const own = (actor: Actor) => ({ agentId: actor.id });

/**
 * The signed-in agent's own leads (leads.work): only leads assigned to them; another agent's lead answers 404 as if
 * it did not exist. A lead an agent creates is a walk-in: source `agent`, assigned to them.
 */
@ApiTags('admin agent leads')
@ApiSignedIn()
@Controller('admin')
export class AgentLeadsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('agent-leads')
  @RequirePermission('leads.work')
  @ApiOperation({
    summary:
      "The signed-in agent's leads (ra-data-simple-rest): follow-ups due on the business date first, then overdue, later, undated; then sort",
  })
  @ApiListQuery({ filter: '{"status":"new"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: agentLeads <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(leadSchema)),
  })
  async list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: LEAD_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(agentLeadListFilter.shape),
    });
    const { id, ...filter } = parseWith(agentLeadListFilter, params.filter);
    return sendPage(
      res,
      'agentLeads',
      params.range,
      await this.queries.execute(new ListLeadsQuery(own(actor), { ...filter, ids: idsOf(id) }, params.sort, params.range, true)),
    );
  }

  @Get('agent-leads/:id')
  @RequirePermission('leads.work')
  @ApiOperation({ summary: 'One of my leads with its notes and history (another agent’s lead is 404)' })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLeadQuery(own(actor), parseWith(leadIdParam, id)));
  }

  @Post('agent-leads')
  @RequirePermission('leads.work')
  @ApiOperation({ summary: 'Create a walk-in lead, assigned to me (source agent)' })
  @ApiBody({ schema: inputSchema(agentLeadBody) })
  @ApiCreatedResponse({ schema: openApi(leadDetailSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new CreateLeadCommand(actor, parseWith(agentLeadBody, body), 'agent', actor.id));
  }

  @Put('agent-leads/:id')
  @RequirePermission('leads.work')
  @ApiOperation({ summary: "Save my lead's name, phone, email and follow-up date" })
  @ApiBody({ schema: inputSchema(agentLeadBody) })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    return this.commands.execute(new UpdateLeadCommand(actor, own(actor), leadId, parseWith(agentLeadBody, body), undefined));
  }

  @Post('agent-leads/:id/status')
  @HttpCode(200)
  @RequirePermission('leads.work')
  @ApiOperation({ summary: 'Move my lead along the funnel (lost needs a reason; converted a borrowerId)' })
  @ApiBody({ schema: inputSchema(leadStatusBody) })
  @ApiOkResponse({ schema: openApi(leadDetailSchema) })
  move(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    return this.commands.execute(new MoveLeadStatusCommand(actor, own(actor), leadId, parseWith(leadStatusBody, body)));
  }

  @Post('agent-leads/:id/notes')
  @RequirePermission('leads.work')
  @ApiOperation({ summary: 'Add a note to my lead' })
  @ApiBody({ schema: inputSchema(leadNoteBody) })
  @ApiCreatedResponse({ schema: openApi(leadDetailSchema) })
  note(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const leadId = parseWith(leadIdParam, id);
    return this.commands.execute(new AddLeadNoteCommand(actor, own(actor), leadId, parseWith(leadNoteBody, body).text));
  }
}
