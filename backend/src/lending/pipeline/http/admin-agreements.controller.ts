import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { contentRange, parseListParams } from '../../../platform/http/list-params.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetAgreementQuery } from '../application/get-agreement.handler.js';
import { GetLoanKfsQuery } from '../application/get-loan-kfs.handler.js';
import { AGREEMENT_SORT_FIELDS, ListAgreementsQuery } from '../application/list-agreements.handler.js';
import { agreementDetailSchema, agreementListFilter, agreementRowSchema, kfsSchema } from './agreement.schemas.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi, problemSchema } from '../../loan/http/loan-response.schemas.js';

/** Issued agreements for staff (the loans read permission): the list, one with its signing evidence, a loan's KFS. */
@ApiTags('admin agreements')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin')
export class AdminAgreementsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('agreements')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Issued agreements (ra-data-simple-rest): filter={"signed":false,"issuedFrom":"2026-11-01","issuedTo":"2026-11-30","q":"name, email, loan id or hash"}, sort by issuedAt|signedAt|principal, range' })
  @ApiQuery({ name: 'filter', required: false, example: '{"signed":false}' })
  @ApiQuery({ name: 'sort', required: false, example: '["issuedAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'one page; Content-Range: agreements <start>-<end>/<total>', schema: openApi(z.array(agreementRowSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(AGREEMENT_SORT_FIELDS), defaultSort: { field: 'issuedAt', order: 'DESC' }, filters: Object.keys(agreementListFilter.shape) });
    const { id, signed, ...filter } = parseWith(agreementListFilter, params.filter);
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const listQuery = new ListAgreementsQuery({ ...filter, ids, ...(signed === null || signed === undefined ? {} : { signed }) }, params.sort, params.range, this.config.businessDate.timeZone);
    const { rows, total } = await this.queries.execute(listQuery);
    res.setHeader('Content-Range', contentRange('agreements', params.range, rows.length, total));
    return rows;
  }

  @Get('agreements/:id')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "One issued agreement by its loan's id: hash, issued, signed, and the signing evidence (code verified, time, address, user agent)" })
  @ApiOkResponse({ schema: openApi(agreementDetailSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetAgreementQuery(parseWith(uuidParam, id)));
  }

  @Get('loans/:id/kfs')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "A loan's Key Facts Statement (the one page 1 of its agreement prints)" })
  @ApiOkResponse({ schema: openApi(kfsSchema) })
  kfs(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLoanKfsQuery(parseWith(uuidParam, id), user));
  }
}
