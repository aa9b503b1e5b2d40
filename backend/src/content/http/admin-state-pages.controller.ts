import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
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
import { CreateStatePage, DeleteStatePage, UpdateStatePage } from '../application/state-page.commands.js';
import { GetStatePage, ListStatePages } from '../application/state-page.queries.js';
import { STATE_PAGE_SORT } from '../application/state-pages.repository.js';
import { statePageBody, statePageIdParam, statePageListFilter, statePageSchema } from './state-page.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** State landing pages (ra-data-simple-rest) for staff holding banners.manage (staff-managed public content). */
@ApiTags('admin state pages')
@ApiSignedIn()
@Controller('admin')
export class AdminStatePagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('state-pages')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'State pages (ra-data-simple-rest): filter={"q":"text","state":"Karnataka","active":true}, sort, range' })
  @ApiListQuery({ filter: '{"state":"Karnataka"}', sort: '["state","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: state-pages <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(statePageSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: STATE_PAGE_SORT.fields,
      defaultSort: { field: 'state', order: 'ASC' },
      filters: Object.keys(statePageListFilter.shape),
    });
    const { id, ...filter } = parseWith(statePageListFilter, params.filter);
    return sendPage(
      res,
      'state-pages',
      params.range,
      await this.queries.execute(new ListStatePages({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('state-pages/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'One state page' })
  @ApiOkResponse({ schema: openApi(statePageSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetStatePage(parseWith(statePageIdParam, id)));
  }

  @Post('state-pages')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Create the page of a state and city (one per pair: a second is 409)' })
  @ApiBody({ schema: inputSchema(statePageBody) })
  @ApiCreatedResponse({ schema: openApi(statePageSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new CreateStatePage(actor, parseWith(statePageBody, body)));
  }

  @Put('state-pages/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Save a state page' })
  @ApiBody({ schema: inputSchema(statePageBody) })
  @ApiOkResponse({ schema: openApi(statePageSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const pageId = parseWith(statePageIdParam, id);
    return this.commands.execute(new UpdateStatePage(actor, pageId, parseWith(statePageBody, body)));
  }

  @Delete('state-pages/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Delete a state page' })
  @ApiOkResponse({ schema: openApi(statePageSchema) })
  remove(@Param('id') id: string) {
    return this.commands.execute(new DeleteStatePage(parseWith(statePageIdParam, id)));
  }
}
