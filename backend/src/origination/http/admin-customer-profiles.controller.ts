import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { singleLineText } from '../../platform/text/text-fields.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ReadCustomerDocumentQuery } from '../application/read-customer-document.handler.js';
import { ReviewProfileSection } from '../application/review-profile-section.handler.js';
import { PROFILE_SECTIONS } from '../domain/profile-sections.js';
import { sectionParam } from './my-profile-sections.controller.js';
import { consentSchema, openApi, problemSchema, sectionSchema } from './origination-response.schemas.js';
import { GetConsentsQuery } from '../application/consents.handlers.js';
import { sendDocument } from '../../platform/http/send-document.js';

const uuidParam = (name: string, what: string) =>
  z.string().refine((v) => z.uuid().safeParse(v).success, { message: `the ${what} id must be a UUID`, path: [name] });
const customerIdParam = uuidParam('id', 'customer');
const docIdParam = uuidParam('docId', 'document');

export const sectionVerdictBody = z.strictObject({
  status: z.enum(['verified', 'rejected'], { error: 'must be verified or rejected' }),
  reason: singleLineText({ min: 0, max: 500 })
    .nullable()
    .optional()
    .describe('required when rejected: what the borrower must fix (they read it on /User/Profile)'),
});

/**
 * Staff on a customer's profile (the list and the detail with loans are lending's /api/admin/customers): read an
 * upload (customers.view; never from a public URL) and the consents (customers.view), and mark a section verified
 * or rejected (customers.verify).
 */
@ApiTags('admin customers')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin/customers')
export class AdminCustomerProfilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id/documents/:docId')
  @RequirePermission('customers.view')
  @ApiOperation({ summary: "One of the customer's uploads, its bytes as its sniffed type (a document of another customer is 404)" })
  async document(@Param('id') id: string, @Param('docId') docId: string, @Res() res: FastifyReply) {
    const query = new ReadCustomerDocumentQuery(parseWith(customerIdParam, id), parseWith(docIdParam, docId));
    sendDocument(res, await this.queries.execute(query));
  }

  @Get(':id/consents')
  @RequirePermission('customers.view')
  @ApiOperation({ summary: "The customer's consents (DPDP Act), newest first, read-only: purpose, text version, when given and withdrawn" })
  @ApiOkResponse({ schema: openApi(z.array(consentSchema)) })
  consents(@Param('id') id: string) {
    return this.queries.execute(new GetConsentsQuery(parseWith(customerIdParam, id), true));
  }

  @Post(':id/sections/:section/verification')
  @HttpCode(200)
  @RequirePermission('customers.verify')
  @ApiParam({ name: 'section', enum: PROFILE_SECTIONS })
  @ApiOperation({
    summary: 'Mark a section verified (it must be complete) or rejected (with a reason); 409 when its status does not allow it',
  })
  @ApiBody({ schema: z.toJSONSchema(sectionVerdictBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: openApi(sectionSchema) })
  verify(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('section') section: string, @Body() body: unknown) {
    const customerId = parseWith(customerIdParam, id);
    const verdict = parseWith(sectionVerdictBody, body);
    return this.commands.execute(
      new ReviewProfileSection(actor, customerId, sectionParam(section), { status: verdict.status, reason: verdict.reason ?? null }),
    );
  }
}
