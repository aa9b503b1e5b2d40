import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { GetDataExportQuery, type DataExportAnswer } from '../application/get-data-export.handler.js';
import { GetMyErasureRequestsQuery } from '../application/get-my-erasure-requests.handler.js';
import { RequestErasure } from '../application/request-erasure.handler.js';
import {
  dataExportSchema,
  erasureRequestBody,
  exportFormatQuery,
  myErasureRequestsSchema,
  requestedErasureSchema,
} from './privacy.schemas.js';

/** The borrower's data rights (DPDP Act, 2023; issue 33 item 5): download their data, ask for its erasure. */
@ApiTags('borrower data rights')
@ApiSignedIn()
@Controller('me')
export class MyDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('data-export')
  @Roles('borrower')
  @ApiOperation({
    summary:
      'Download everything we hold about you: account, devices, profile (masked as the portal shows it), uploads, consents, loans with schedules and payments, help issues, messages. format=json (default) or pdf; sent as an attachment',
  })
  @ApiQuery({ name: 'format', enum: ['json', 'pdf'], required: false })
  @ApiProduces('application/json', 'application/pdf')
  @ApiOkResponse({ schema: openApi(dataExportSchema) })
  async dataExport(@CurrentActor() me: Actor, @Query() query: Record<string, unknown>, @Res() res: FastifyReply): Promise<void> {
    const { format } = parseWith(exportFormatQuery, query);
    const answer: DataExportAnswer = await this.queries.execute(new GetDataExportQuery(me.id, format));
    const day = answer.data.generatedAt.slice(0, 10);
    res.header('Cache-Control', 'private, no-store');
    res.header('Content-Disposition', `attachment; filename="my-data-${day}.${answer.format}"`);
    if (answer.format === 'pdf') {
      res.header('Content-Type', 'application/pdf');
      res.send(answer.pdf);
    } else {
      res.header('Content-Type', 'application/json; charset=utf-8');
      res.send(JSON.stringify(answer.data, null, 2));
    }
  }

  @Get('erasure-requests')
  @Roles('borrower')
  @ApiOperation({ summary: 'Your erasure requests, newest first, with their answers; and what an erasure would erase and keep today' })
  @ApiOkResponse({ schema: openApi(myErasureRequestsSchema) })
  erasureRequests(@CurrentActor() me: Actor) {
    return this.queries.execute(new GetMyErasureRequestsQuery(me.id));
  }

  @Post('erasure-requests')
  @Roles('borrower')
  @ApiOperation({
    summary:
      'Ask us to erase your data ({reason?}); staff carry it out. Answers the request and what will be erased and kept (a running loan keeps its records). 409 already-requested while one waits',
  })
  @ApiCreatedResponse({ schema: openApi(requestedErasureSchema) })
  requestErasure(@CurrentActor() me: Actor, @Body() body: unknown) {
    const { reason } = parseWith(erasureRequestBody, body);
    return this.commands.execute(new RequestErasure(me.id, reason));
  }
}
