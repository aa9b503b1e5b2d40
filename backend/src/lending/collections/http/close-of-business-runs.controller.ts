import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import {
  GetCloseOfBusinessRunQuery,
  ListCloseOfBusinessRunsQuery,
  StartCloseOfBusinessRunCommand,
} from '../application/close-of-business-runs.handlers.js';
import { closeOfBusinessRunSchema } from './collections.schemas.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

/**
 * Close of business from the console (issue 27 item 4): in manual business date mode, staff with cob.run close every
 * day through the one before the business date; the run goes on after the answer, which the console follows.
 */
@ApiTags('admin collections')
@ApiSignedIn()
@Controller('admin/close-of-business/runs')
export class CloseOfBusinessRunsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(202)
  @RequirePermission('cob.run')
  @ApiOperation({
    summary:
      'Start close of business through the day before the business date (manual mode only: 409 close-of-business-is-nightly in automatic mode; ' +
      '409 close-of-business-running, naming runId, while a run is going). A second run for the same date appends nothing',
  })
  @ApiAcceptedResponse({ schema: openApi(closeOfBusinessRunSchema) })
  start(@CurrentActor() actor: Actor) {
    return this.commands.execute(new StartCloseOfBusinessRunCommand(actor));
  }

  @Get()
  @RequirePermission('cob.run')
  @ApiOperation({
    summary: 'The close of business runs started from the console, newest first (range=[0,9]; Content-Range: close-of-business-runs …)',
  })
  @ApiListQuery({ range: '[0,9]' })
  @ApiOkResponse({ schema: openApi(z.array(closeOfBusinessRunSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, { sortFields: ['startedAt'], defaultSort: { field: 'startedAt', order: 'DESC' }, filters: [] });
    return sendPage(
      res,
      'close-of-business-runs',
      params.range,
      await this.queries.execute(new ListCloseOfBusinessRunsQuery(params.range)),
    );
  }

  @Get(':id')
  @RequirePermission('cob.run')
  @ApiOperation({ summary: 'One run: progress (loansVisited of loansToVisit) while running, the summary when completed' })
  @ApiOkResponse({ schema: openApi(closeOfBusinessRunSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetCloseOfBusinessRunQuery(parseWith(uuidParam, id)));
  }
}
