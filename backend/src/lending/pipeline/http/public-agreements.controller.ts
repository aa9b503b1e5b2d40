import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Public } from '../../../platform/http/access.decorators.js';
import { ApiProblems } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import {
  GetSignLinkDocumentQuery,
  GetSignLinkQuery,
  SendSignLinkCodeCommand,
  SignByLinkCommand,
} from '../application/agreement-sign-link.handlers.js';
import { sendAgreementPdf } from './agreement-response.js';
import { linkTokenParam, signByLinkBody, signedByLinkSchema, signingCodeSentSchema, signLinkSchema } from './agreement.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { signingClient } from './signing-client.js';

/**
 * The emailed e-sign link (`/Eagreement/<token>`): public, the token is the credential. Single use, expiring, kept
 * hashed; an unknown, expired or used token, or an agreement no longer waiting for the signature, is one 404
 * `link-invalid`. The code goes to the borrower's registered phone only.
 */
@ApiTags('e-sign links')
@ApiProblems()
@Controller('public/agreements')
export class PublicAgreementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':token')
  @Public()
  @ApiOperation({ summary: 'The agreement a link signs: its Key Facts Statement, hash, and the masked phone the code goes to' })
  @ApiOkResponse({ schema: openApi(signLinkSchema) })
  async view(@Param('token') token: string, @Res({ passthrough: true }) res: FastifyReply) {
    res.header('Cache-Control', 'no-store');
    res.header('Referrer-Policy', 'no-referrer');
    return this.queries.execute(new GetSignLinkQuery(parseWith(linkTokenParam, token)));
  }

  @Get(':token/agreement.pdf')
  @Public()
  @ApiOperation({ summary: 'The agreement PDF the link signs (inline; ?download=1 to download)' })
  @ApiQuery({ name: 'download', required: false, example: '1' })
  @ApiProduces('application/pdf')
  async pdf(@Param('token') token: string, @Query('download') download: string | undefined, @Res() res: FastifyReply) {
    const document = await this.queries.execute(new GetSignLinkDocumentQuery(parseWith(linkTokenParam, token)));
    res.header('Referrer-Policy', 'no-referrer');
    sendAgreementPdf(res, document.loanId, document, download);
  }

  @Post(':token/code')
  @Public()
  @HttpCode(202)
  @ApiOperation({ summary: "Send the e-sign one-time code by SMS to the borrower's registered phone" })
  @ApiOkResponse({ schema: openApi(signingCodeSentSchema) })
  code(@Param('token') token: string, @Req() req: FastifyRequest) {
    return this.commands.execute(new SendSignLinkCodeCommand(parseWith(linkTokenParam, token), signingClient(req).ip));
  }

  @Post(':token/sign')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign with the one-time code; the link is used up once the agreement is signed' })
  @ApiBody({ schema: z.toJSONSchema(signByLinkBody) as object })
  @ApiOkResponse({ schema: openApi(signedByLinkSchema) })
  sign(@Param('token') token: string, @Body() body: unknown, @Req() req: FastifyRequest) {
    const { code } = parseWith(signByLinkBody, body);
    return this.commands.execute(new SignByLinkCommand(parseWith(linkTokenParam, token), code, signingClient(req)));
  }
}
