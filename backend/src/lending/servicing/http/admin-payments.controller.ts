import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiIdempotencyKey, ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { ActOnPaymentCommand, type PaymentAction } from '../application/act-on-payment.handler.js';
import { GetPaymentQuery } from '../application/get-payment.handler.js';
import { ListPaymentsQuery, PAYMENT_SORT } from '../application/list-payments.handler.js';
import { PreviewPaymentQuery } from '../application/preview-payment.handler.js';
import { RecordPaymentCommand } from '../application/record-payment.handler.js';
import { ApproveRefundCommand, RequestRefundCommand } from '../application/refund-credit-balance.handlers.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { paymentIdParam, refundIdParam, uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import {
  paymentPreviewBody,
  paymentPreviewSchema,
  paymentReasonBody,
  paymentSchema,
  recordPaymentBody,
  refundBody,
} from './servicing.schemas.js';
import { refundSchema } from '../../loan/http/loan-servicing.schemas.js';

const paymentListFilter = z.strictObject({
  status: z.enum(['created', 'pending', 'applied', 'rejected', 'failed', 'mismatched', 'reversed']).optional(),
  loanId: z.uuid('loanId must be a loan id').optional(),
  method: z.enum(['cash', 'bankTransfer', 'upi', 'cheque', 'online', 'nach', 'upi-autopay']).optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

/**
 * Payments at the counter and their maker-checker steps: record (payments.record), verify or reject
 * (payments.verify, never by the one who recorded it), reversal asked (payments.record) and approved or turned down
 * (payments.verify, never by the one who asked), credit balance refunds the same way. The list is ra-data-simple-rest.
 */
@ApiTags('admin payments')
@ApiSignedIn()
@Controller('admin')
export class AdminPaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('loans/:id/payments')
  @RequirePermission('payments.record')
  @ApiIdempotencyKey('records nothing new')
  @ApiOperation({ summary: 'Record an offline payment (cash, bankTransfer, upi, cheque) as pending; a second person verifies it' })
  @ApiBody({ schema: z.toJSONSchema(recordPaymentBody, { io: 'input' }) as object })
  @ApiCreatedResponse({ schema: openApi(paymentSchema) })
  record(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new RecordPaymentCommand(user, parseWith(uuidParam, id), parseWith(recordPaymentBody, body), key));
  }

  @Post('loans/:id/payments/preview')
  @RequirePermission('payments.record')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What a payment would do (value date paidOn, default the business date): the schedule it leaves and how it is split; nothing is recorded',
  })
  @ApiBody({ schema: z.toJSONSchema(paymentPreviewBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: openApi(paymentPreviewSchema) })
  preview(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    const { amount, paidOn, reducePrincipal } = parseWith(paymentPreviewBody, body);
    return this.queries.execute(new PreviewPaymentQuery(parseWith(uuidParam, id), user, amount, reducePrincipal, paidOn));
  }

  @Get('payments')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Payments (ra-data-simple-rest): filter={"status":"pending","loanId":"…","method":"cash"}, sort, range' })
  @ApiListQuery({ filter: '{"status":"pending"}', sort: '["recordedAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: payments <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(paymentSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PAYMENT_SORT.fields,
      defaultSort: { field: 'recordedAt', order: 'DESC' },
      filters: Object.keys(paymentListFilter.shape),
    });
    const { id, ...filter } = parseWith(paymentListFilter, params.filter);
    return sendPage(
      res,
      'payments',
      params.range,
      await this.queries.execute(new ListPaymentsQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('payments/:id')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'One payment with its lifecycle' })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  get(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetPaymentQuery(parseWith(paymentIdParam, id), user));
  }

  @Post('payments/:id/verify')
  @RequirePermission('payments.verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify a pending payment: it is applied on its paidOn (403 same-person for the one who recorded it)' })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  verify(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.act(user, id, { action: 'verify' });
  }

  @Post('payments/:id/reject')
  @RequirePermission('payments.verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a pending payment, with a reason: it is never applied' })
  @ApiBody({ schema: z.toJSONSchema(paymentReasonBody) as object })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  reject(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.act(user, id, { action: 'reject', reason: parseWith(paymentReasonBody, body).reason });
  }

  @Post('payments/:id/reverse')
  @RequirePermission('payments.record')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask for an applied payment to be reversed (the maker); a second person approves it' })
  @ApiBody({ schema: z.toJSONSchema(paymentReasonBody) as object })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  reverse(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.act(user, id, { action: 'reverse', reason: parseWith(paymentReasonBody, body).reason });
  }

  @Post('payments/:id/reverse/approve')
  @RequirePermission('payments.verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the reversal asked for (403 same-person for the one who asked): later payments re-allocate' })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  approveReversal(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.act(user, id, { action: 'approve-reversal' });
  }

  @Post('payments/:id/reverse/reject')
  @RequirePermission('payments.verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn the reversal request down, with a reason: the payment stands' })
  @ApiBody({ schema: z.toJSONSchema(paymentReasonBody) as object })
  @ApiOkResponse({ schema: openApi(paymentSchema) })
  rejectReversal(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.act(user, id, { action: 'reject-reversal', reason: parseWith(paymentReasonBody, body).reason });
  }

  @Post('loans/:id/refunds')
  @RequirePermission('payments.record')
  @ApiIdempotencyKey('records nothing new')
  @ApiOperation({ summary: 'Ask to refund credit balance to the borrower (the maker): at most what is held' })
  @ApiBody({ schema: z.toJSONSchema(refundBody) as object })
  @ApiCreatedResponse({ schema: openApi(refundSchema) })
  requestRefund(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new RequestRefundCommand(user, parseWith(uuidParam, id), parseWith(refundBody, body).amount, key));
  }

  @Post('loans/:id/refunds/:refundId/approve')
  @RequirePermission('payments.verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a refund (403 same-person for the one who asked): CreditBalanceRefunded' })
  @ApiOkResponse({ schema: openApi(refundSchema) })
  approveRefund(@CurrentActor() user: Actor, @Param('id') id: string, @Param('refundId') refundId: string) {
    return this.commands.execute(new ApproveRefundCommand(user, parseWith(uuidParam, id), parseWith(refundIdParam, refundId)));
  }

  private act(user: Actor, id: string, act: PaymentAction) {
    return this.commands.execute(new ActOnPaymentCommand(user, parseWith(paymentIdParam, id), act));
  }
}
