import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListDocumentDeliveriesQuery } from '../application/documents/list-document-deliveries.handler.js';
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

const loanIdParam = z
  .string({ error: 'the loan id must be a UUID' })
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the loan id must be a UUID', path: ['id'] });

/** Issue 33 item 2: what was sent to the borrower when they signed (the console's loan page, "Documents sent"). */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminDocumentDeliveriesController {
  constructor(private readonly queries: QueryBus) {}

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
}
