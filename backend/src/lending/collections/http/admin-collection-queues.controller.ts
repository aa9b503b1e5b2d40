import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import {
  CountCollectionBucketsQuery,
  GetCollectionRowQuery,
  ListCollectionsQuery,
  ListCollectorsQuery,
  ListLoanContactsQuery,
} from '../application/collection-queues.handlers.js';
import { GetContactConductQuery } from '../application/collection-conduct.js';
import { COLLECTION_SORT } from '../application/collection-queues.js';
import { AssignCollectorCommand, RecordCollectionContactCommand } from '../application/collection-work.handlers.js';
import {
  assignCollectorBody,
  assignmentResultSchema,
  bulkAssignCollectorBody,
  collectionBucketCountsSchema,
  collectionContactBody,
  collectionContactSchema,
  contactConductSchema,
  collectionRowQuery,
  collectionRowSchema,
  collectionsListFilter,
  collectorSchema,
  recordedContactSchema,
} from './collections.schemas.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

const rowIdParam = z.string().max(200, 'id must be a collection row id');

/**
 * The collection buckets (issue 13 item 3) and the work on them: collectors assigned to loans (collections.manage) and
 * the contacts they record (collections.view, on the loans assigned to them; collections.manage on any). Lists are
 * ra-data-simple-rest; a row's id names its kind: `inst:<loanId>:<n>`, `loan:<loanId>`, `pay:<paymentId>`.
 */
@ApiTags('admin collections')
@ApiSignedIn()
@Controller('admin')
export class AdminCollectionQueuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('collections')
  @RequirePermission('collections.view')
  @ApiOperation({
    summary:
      'One collection bucket (ra-data-simple-rest): filter={"bucket":"Overdue","q":"…","classification":"SMA-1","assignedTo":"<staffId>","dpdFrom":1,"dpdTo":30}; bucket is required. ' +
      'Instalment rows: Upcoming, Due, Overdue, Partial, Paid, Reminder; loan rows: Active, closed, Setteled, Disbursal; payment rows: Pending',
  })
  @ApiListQuery({ filter: '{"bucket":"Overdue"}', filterRequired: true, sort: '["dpd","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: collections <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(collectionRowSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: COLLECTION_SORT.fields,
      defaultSort: { field: 'dueDate', order: 'ASC' },
      filters: Object.keys(collectionsListFilter.shape),
    });
    const { bucket, ...filter } = parseWith(collectionsListFilter, params.filter);
    return sendPage(
      res,
      'collections',
      params.range,
      await this.queries.execute(new ListCollectionsQuery(bucket, filter, params.sort, params.range)),
    );
  }

  @Get('collections/:id')
  @RequirePermission('collections.view')
  @ApiOperation({
    summary:
      'One collection row by its id (inst:<loanId>:<n>, loan:<loanId>, pay:<paymentId>) with the buckets it is in now. ' +
      "With ?bucket=Overdue (a bucket's detail page) a row not in that bucket is 404 not-in-bucket, whose `buckets` say where it is",
  })
  @ApiQuery({ name: 'bucket', required: false, example: 'Overdue' })
  @ApiOkResponse({ schema: openApi(collectionRowSchema) })
  get(@Param('id') id: string, @Query() query: Record<string, unknown>) {
    const { bucket } = parseWith(collectionRowQuery, query);
    return this.queries.execute(new GetCollectionRowQuery(parseWith(rowIdParam, id), bucket));
  }

  @Get('collection-buckets')
  @RequirePermission('collections.view')
  @ApiOperation({ summary: 'How many rows each of the twelve buckets lists at the business date' })
  @ApiOkResponse({ schema: openApi(collectionBucketCountsSchema) })
  buckets() {
    return this.queries.execute(new CountCollectionBucketsQuery());
  }

  @Get('collectors')
  @RequirePermission('collections.view')
  @ApiOperation({ summary: 'The staff loans may be assigned to (active, with collections.view), by name' })
  @ApiOkResponse({ schema: openApi(z.array(collectorSchema)) })
  collectors() {
    return this.queries.execute(new ListCollectorsQuery());
  }

  @Post('loans/:id/assign')
  @HttpCode(200)
  @RequirePermission('collections.manage')
  @ApiOperation({
    summary: 'Assign an active loan to a collector (staffId null: unassign): CollectorAssigned; the same collector again appends nothing',
  })
  @ApiBody({ schema: z.toJSONSchema(assignCollectorBody) as object })
  @ApiOkResponse({ schema: openApi(assignmentResultSchema) })
  assign(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const loanId = parseWith(uuidParam, id);
    return this.commands.execute(new AssignCollectorCommand(actor, [loanId], parseWith(assignCollectorBody, body).staffId, true));
  }

  @Post('collections/assign')
  @HttpCode(200)
  @RequirePermission('collections.manage')
  @ApiOperation({
    summary:
      'Assign up to 500 active loans to a collector at once; every loan is checked first, so one bad loan assigns none (named as loanIds.<index>)',
  })
  @ApiBody({ schema: z.toJSONSchema(bulkAssignCollectorBody) as object })
  @ApiOkResponse({ schema: openApi(assignmentResultSchema) })
  assignMany(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { loanIds, staffId } = parseWith(bulkAssignCollectorBody, body);
    return this.commands.execute(new AssignCollectorCommand(actor, [...new Set(loanIds.map((id) => id.toLowerCase()))], staffId, false));
  }

  @Post('loans/:id/contacts')
  @RequirePermission('collections.view')
  @ApiOperation({
    summary:
      "Record a contact with the borrower (the loan's collector, or collections.manage): CollectionContactRecorded; promiseToPayOn with promised-to-pay",
  })
  @ApiBody({ schema: z.toJSONSchema(collectionContactBody, { io: 'input' }) as object })
  @ApiCreatedResponse({ schema: openApi(recordedContactSchema) })
  recordContact(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new RecordCollectionContactCommand(actor, parseWith(uuidParam, id), parseWith(collectionContactBody, body)),
    );
  }

  @Get('loans/:id/contacts')
  @RequirePermission('collections.view')
  @ApiOperation({
    summary:
      "The loan's contact log, newest first (range=[0,24]; Content-Range: contacts <start>-<end>/<total>, <total> exact up to 10000, else 10000+)",
  })
  @ApiListQuery({})
  @ApiOkResponse({ schema: openApi(z.array(collectionContactSchema)) })
  async contacts(@Param('id') id: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const loanId = parseWith(uuidParam, id);
    const params = parseListParams(query, { sortFields: ['recordedAt'], defaultSort: { field: 'recordedAt', order: 'DESC' }, filters: [] });
    return sendPage(res, 'contacts', params.range, await this.queries.execute(new ListLoanContactsQuery(loanId, params.range)));
  }

  @Get('loans/:id/contact-conduct')
  @RequirePermission('collections.view')
  @ApiOperation({
    summary:
      "Recovery conduct of the loan's borrower: the contact window now (08:00–19:00, borrower's time zone), today's contacts against COLLECTION_CONTACTS_PER_DAY_MAX, contacts per day (30 days) and the log of every channel, reminders held with the reason",
  })
  @ApiOkResponse({ schema: openApi(contactConductSchema) })
  contactConduct(@Param('id') id: string) {
    return this.queries.execute(new GetContactConductQuery(parseWith(uuidParam, id)));
  }
}
