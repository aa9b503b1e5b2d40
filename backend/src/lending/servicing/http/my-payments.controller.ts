import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetForeclosureQuoteQuery } from '../application/get-foreclosure-quote.handler.js';
import { GetLoanStatementQuery } from '../application/get-loan-statement.handler.js';
import { GetPaymentQuery } from '../application/get-payment.handler.js';
import { PreviewPaymentQuery } from '../application/preview-payment.handler.js';
import { ListLoanTransactionsQuery } from '../application/list-loan-transactions.handler.js';
import { StartOnlinePaymentCommand } from '../application/start-online-payment.handler.js';
import { paymentIdParam, uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import {
  foreclosureQuoteSchema,
  myPaymentSchema,
  onlinePaymentBody,
  onlinePaymentCreatedSchema,
  paymentPreviewSchema,
  transactionSchema,
} from './servicing.schemas.js';
import { sendStatementPdf } from './statement-response.js';

/** The borrower paying and following their own loan's money; another borrower's loan or payment is "not found". */
@ApiTags('borrower loans')
@ApiSignedIn()
@Controller('me')
export class MyPaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('loans/:id/payments')
  @Roles('borrower')
  @ApiOperation({ summary: 'Pay online: creates the payment with the provider; send the borrower to redirectUrl' })
  @ApiBody({ schema: z.toJSONSchema(onlinePaymentBody) as object })
  @ApiCreatedResponse({ schema: openApi(onlinePaymentCreatedSchema) })
  pay(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    const { amount, reducePrincipal } = parseWith(onlinePaymentBody, body);
    return this.commands.execute(new StartOnlinePaymentCommand(user, parseWith(uuidParam, id), amount, reducePrincipal));
  }

  @Post('loans/:id/payments/preview')
  @Roles('borrower')
  @HttpCode(200)
  @ApiOperation({ summary: 'What a payment of this amount today would do: the schedule it leaves, how it is split (nothing is recorded)' })
  @ApiBody({ schema: z.toJSONSchema(onlinePaymentBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: openApi(paymentPreviewSchema) })
  preview(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    const { amount, reducePrincipal } = parseWith(onlinePaymentBody, body);
    return this.queries.execute(new PreviewPaymentQuery(parseWith(uuidParam, id), user, amount, reducePrincipal));
  }

  @Get('payments/:paymentId')
  @Roles('borrower')
  @ApiOperation({ summary: 'One of my payments: poll until final is true' })
  @ApiOkResponse({ schema: openApi(myPaymentSchema) })
  payment(@CurrentActor() user: Actor, @Param('paymentId') paymentId: string) {
    return this.queries.execute(new GetPaymentQuery(parseWith(paymentIdParam, paymentId), user));
  }

  @Get('loans/:id/foreclosure-quote')
  @Roles('borrower')
  @ApiOperation({ summary: 'What pays my loan off today (the business date)' })
  @ApiOkResponse({ schema: openApi(foreclosureQuoteSchema) })
  quote(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetForeclosureQuoteQuery(parseWith(uuidParam, id), user));
  }

  @Get('loans/:id/transactions')
  @Roles('borrower')
  @ApiOperation({ summary: "My loan's ledger, oldest first" })
  @ApiOkResponse({ schema: openApi(z.array(transactionSchema)) })
  transactions(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new ListLoanTransactionsQuery(parseWith(uuidParam, id), user));
  }

  @Get('loans/:id/statement.pdf')
  @Roles('borrower')
  @ApiOperation({ summary: 'My loan statement PDF (inline; ?download=1 to download)' })
  @ApiQuery({ name: 'download', required: false, example: '1' })
  @ApiProduces('application/pdf')
  async statement(
    @CurrentActor() user: Actor,
    @Param('id') id: string,
    @Query('download') download: string | undefined,
    @Res() res: FastifyReply,
  ) {
    const loanId = parseWith(uuidParam, id);
    sendStatementPdf(res, loanId, await this.queries.execute(new GetLoanStatementQuery(loanId, user)), download);
  }
}
