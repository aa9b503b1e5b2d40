import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { SendWhatsappMessageCommand } from '../application/channels/send-whatsapp-message.handler.js';
import {
  GetWhatsappConversationQuery,
  ListWhatsappConversationsQuery,
  ListWhatsappTemplatesQuery,
} from '../application/channels/whatsapp-queries.handlers.js';
import {
  conversationIdParam,
  conversationListFilter,
  conversationSchema,
  conversationSummarySchema,
  sendWhatsappBody,
  sentWhatsappSchema,
  whatsappTemplateSchema,
} from './channel.schemas.js';
import { openApi } from './email-response.schemas.js';

/** WhatsApp for staff (whatsapp.send): the conversations, the approved templates, and sending. */
@ApiTags('admin whatsapp')
@ApiSignedIn()
@Controller('admin/whatsapp')
export class AdminWhatsappController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('conversations')
  @RequirePermission('whatsapp.send')
  @ApiOperation({
    summary:
      'The conversations, latest first (ra-data-simple-rest): filter={"borrowerId":"…","open":true}, range; each with its 24-hour window',
  })
  @ApiListQuery({ filter: '{"open":true}' })
  @ApiOkResponse({
    description: 'Content-Range: conversations <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(conversationSummarySchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ['lastMessageAt'],
      defaultSort: { field: 'lastMessageAt', order: 'DESC' },
      filters: Object.keys(conversationListFilter.shape),
    });
    const filter = parseWith(conversationListFilter, params.filter);
    return sendPage(
      res,
      'conversations',
      params.range,
      await this.queries.execute(new ListWhatsappConversationsQuery(filter, params.range)),
    );
  }

  @Get('conversations/:id')
  @RequirePermission('whatsapp.send')
  @ApiOperation({
    summary: "One conversation by the borrower's id (or the phone of a number no borrower has), every message oldest first, and its window",
  })
  @ApiOkResponse({ schema: openApi(conversationSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetWhatsappConversationQuery(parseWith(conversationIdParam, id)));
  }

  @Get('templates')
  @RequirePermission('whatsapp.send')
  @ApiOperation({ summary: 'The approved templates: what may be sent outside the 24-hour window' })
  @ApiOkResponse({ schema: openApi(z.array(whatsappTemplateSchema)) })
  templates() {
    return this.queries.execute(new ListWhatsappTemplatesQuery());
  }

  @Post('messages')
  @RequirePermission('whatsapp.send')
  @ApiOperation({
    summary:
      'Send to a borrower (borrowerId, or loanId of one of their loans): {text} only inside the 24-hour window since they last wrote (409 window-closed otherwise), or {templateName, parameters} any time',
  })
  @ApiBody({ schema: z.toJSONSchema(sendWhatsappBody, { io: 'input' }) as object })
  @ApiCreatedResponse({ schema: openApi(sentWhatsappSchema) })
  send(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseWith(sendWhatsappBody, body);
    return this.commands.execute(
      new SendWhatsappMessageCommand(actor, {
        ...input,
        ...(input.borrowerId ? { borrowerId: input.borrowerId.toLowerCase() } : {}),
        ...(input.loanId ? { loanId: input.loanId.toLowerCase() } : {}),
      }),
    );
  }
}
