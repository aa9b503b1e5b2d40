import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { TEMPLATE_SORT } from '../application/emails/email-templates.repository.js';
import {
  GetEmailTemplateQuery,
  ListEmailTemplatesQuery,
  ListEmailTemplateVersionsQuery,
  PreviewEmailTemplateQuery,
} from '../application/emails/email-template.queries.js';
import { CreateEmailTemplateCommand, UpdateEmailTemplateCommand } from '../application/emails/save-email-template.handler.js';
import { TEMPLATE_EVENTS } from '../domain/template-events.js';
import { openApi } from './email-response.schemas.js';
import {
  emailTemplateSchema,
  emailTemplateVersionSchema,
  previewBody,
  renderedEmailSchema,
  templateBody,
  templateEventSchema,
  templateIdParam,
  templateListFilter,
} from './email-template.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** Email templates (ra-data-simple-rest) for staff holding templates.manage: the editor, its catalogue and preview. */
@ApiTags('admin email templates')
@ApiSignedIn()
@Controller('admin')
export class AdminEmailTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('email-template-events')
  @RequirePermission('templates.manage')
  @ApiOperation({ summary: 'The events a template can answer, each with the variables it may use (the editor’s catalogue)' })
  @ApiOkResponse({ schema: openApi(z.array(templateEventSchema)) })
  events() {
    return TEMPLATE_EVENTS;
  }

  @Get('email-templates')
  @RequirePermission('templates.manage')
  @ApiOperation({
    summary: 'Email templates (ra-data-simple-rest): filter={"q":"text","event":"loan-disbursed","active":true}, sort, range',
  })
  @ApiListQuery({ filter: '{"event":"loan-disbursed"}', sort: '["name","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: email-templates <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(emailTemplateSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: TEMPLATE_SORT.fields,
      defaultSort: { field: 'name', order: 'ASC' },
      filters: Object.keys(templateListFilter.shape),
    });
    const { id, ...filter } = parseWith(templateListFilter, params.filter);
    return sendPage(
      res,
      'email-templates',
      params.range,
      await this.queries.execute(new ListEmailTemplatesQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('email-templates/:id')
  @RequirePermission('templates.manage')
  @ApiOperation({ summary: 'One email template at its current version' })
  @ApiOkResponse({ schema: openApi(emailTemplateSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetEmailTemplateQuery(parseWith(templateIdParam, id)));
  }

  @Get('email-templates/:id/versions')
  @RequirePermission('templates.manage')
  @ApiOperation({ summary: 'Every version of a template, newest first, with who saved it and when' })
  @ApiOkResponse({ schema: openApi(z.array(emailTemplateVersionSchema)) })
  versions(@Param('id') id: string) {
    return this.queries.execute(new ListEmailTemplateVersionsQuery(parseWith(templateIdParam, id)));
  }

  @Post('email-templates')
  @RequirePermission('templates.manage')
  @ApiOperation({
    summary:
      'Create a template (version 1). A variable outside the event’s catalogue, {{{…}}}, helpers or partials are refused (400, per field)',
  })
  @ApiBody({ schema: inputSchema(templateBody) })
  @ApiCreatedResponse({ schema: openApi(emailTemplateSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new CreateEmailTemplateCommand(actor, parseWith(templateBody, body)));
  }

  @Put('email-templates/:id')
  @RequirePermission('templates.manage')
  @ApiOperation({ summary: 'Save a template as its next version (none if nothing changed), checked as on create' })
  @ApiBody({ schema: inputSchema(templateBody) })
  @ApiOkResponse({ schema: openApi(emailTemplateSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const templateId = parseWith(templateIdParam, id);
    return this.commands.execute(new UpdateEmailTemplateCommand(actor, templateId, parseWith(templateBody, body)));
  }

  @Post('email-templates/:id/preview')
  @RequirePermission('templates.manage')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The template rendered with its event’s sample data; send subject, html, text or event to preview an unsaved draft',
  })
  @ApiBody({ schema: inputSchema(previewBody) })
  @ApiOkResponse({ schema: openApi(renderedEmailSchema) })
  preview(@Param('id') id: string, @Body() body: unknown) {
    const templateId = parseWith(templateIdParam, id);
    return this.queries.execute(new PreviewEmailTemplateQuery(templateId, parseWith(previewBody, body ?? {})));
  }
}
