import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListDocumentDeliveriesQuery } from '../application/documents/list-document-deliveries.handler.js';
import { ResendDocumentDeliveryCommand } from '../application/documents/resend-document-delivery.handler.js';
import { openApi } from './email-response.schemas.js';

export const documentDeliverySchema = z.strictObject({
  id: z.uuid(),
  loanId: z.uuid(),
  channel: z.enum(['email', 'sms']),
  documents: z.array(z.enum(['agreement', 'kfs'])).describe('what was sent: the signed agreement and the Key Facts Statement'),
  recipient: z.string().nullable().describe('the email address or phone it went to; null when there was none'),
  status: z
    .enum(['queued', 'sent', 'failed', 'skipped'])
    .describe('queued: waiting or being retried; sent; failed: every attempt failed; skipped: not sent, lastError says why'),
  attempts: z.number().int().describe('delivery attempts so far'),
  lastError: z.string().nullable().describe('the last error, or why it was skipped'),
  emailId: z.uuid().nullable().describe('the email in the email log (channel email)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const uuidParam = (what: string) =>
  z
    .string({ error: `the ${what} id must be a UUID` })
    .refine((v) => z.uuid().safeParse(v).success, { message: `the ${what} id must be a UUID`, path: ['id'] });
const loanIdParam = uuidParam('loan');
const deliveryIdParam = uuidParam('delivery');

/**
 * Issue 33 item 2: what was sent to the borrower when they signed (the console's loan page, "Documents sent"), and a
 * failed delivery sent again. The list is under `loans.view`; sending again under `emails.view` ("see sent emails and
 * retry failed ones", as the email log's retry), so the read-only Viewer, who holds `loans.view`, changes nothing.
 */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminDocumentDeliveriesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get('loans/:id/document-deliveries')
  @RequirePermission('loans.view')
  @ApiOperation({
    summary:
      'The documents sent on signing (the signed agreement and the KFS by email, an SMS with the download link): per signing and channel, status and attempts',
  })
  @ApiOkResponse({ schema: openApi(z.array(documentDeliverySchema)) })
  list(@Param('id') id: string) {
    return this.queries.execute(new ListDocumentDeliveriesQuery(parseWith(loanIdParam, id)));
  }

  @Post('document-deliveries/:id/resend')
  @RequirePermission('emails.view')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Send a failed delivery again (an email with a fresh set of attempts, an SMS queued again); 409 not-resendable, with why, unless it failed',
  })
  @ApiOkResponse({ description: 'the delivery, now queued', schema: openApi(documentDeliverySchema) })
  resend(@Param('id') id: string) {
    return this.commands.execute(new ResendDocumentDeliveryCommand(parseWith(deliveryIdParam, id)));
  }
}
