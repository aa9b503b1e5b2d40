import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { GetAgreementQuery } from '../application/get-agreement.handler.js';
import { GetLoanKfsQuery } from '../application/get-loan-kfs.handler.js';
import { AGREEMENT_SORT, ListAgreementsQuery } from '../application/list-agreements.handler.js';
import { agreementDetailSchema, agreementListFilter, agreementRowSchema, kfsSchema } from './agreement.schemas.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

/** Issued agreements for staff (the loans read permission): the list, one with its signing evidence, a loan's KFS. */
@ApiTags('admin agreements')
@ApiSignedIn()
@Controller('admin')
export class AdminAgreementsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('agreements')
  @RequirePermission('loans.view')
  @ApiOperation({
    summary:
      'Issued agreements (ra-data-simple-rest): filter={"signed":false,"issuedFrom":"2026-11-01","issuedTo":"2026-11-30","q":"name, email, loan id or hash"}, sort by issuedAt|signedAt|principal, range',
  })
  @ApiListQuery({ filter: '{"signed":false}', sort: '["issuedAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: agreements <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(agreementRowSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: AGREEMENT_SORT.fields,
      defaultSort: { field: 'issuedAt', order: 'DESC' },
      filters: Object.keys(agreementListFilter.shape),
    });
    const { id, signed, ...filter } = parseWith(agreementListFilter, params.filter);
    const ids = idsOf(id);
    const listQuery = new ListAgreementsQuery(
      { ...filter, ids, ...(signed === null || signed === undefined ? {} : { signed }) },
      params.sort,
      params.range,
      this.config.businessDate.timeZone,
    );
    return sendPage(res, 'agreements', params.range, await this.queries.execute(listQuery));
  }

  @Get('agreements/:id')
  @RequirePermission('loans.view')
  @ApiOperation({
    summary:
      "One issued agreement by its loan's id: hash, issued, signed, and the signing evidence (code verified, time, address, user agent)",
  })
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
