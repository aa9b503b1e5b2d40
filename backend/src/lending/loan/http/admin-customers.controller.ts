import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { openApi } from '../../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { GetCustomerQuery } from '../application/queries/get-customer.handler.js';
import { CUSTOMER_SORT, ListCustomersQuery } from '../application/queries/list-customers.handler.js';
import { customerDetailSchema, customerIdParam, customerListFilter, customerRowSchema } from './customer.schemas.js';

/**
 * Customers for staff (customers.view): borrowers with their loans and their profile (sections from origination's
 * public port). The documents and the section verdicts are origination's routes under the same path.
 */
@ApiTags('admin customers')
@ApiSignedIn()
@Controller('admin')
export class AdminCustomersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customers')
  @RequirePermission('customers.view')
  @ApiOperation({
    summary:
      'Customers (ra-data-simple-rest): filter={"q":"name, phone, email, PAN last four or loan id","pan":"234F","loanId":"…","hasLoans":true}, sort, range',
  })
  @ApiListQuery({ filter: '{"q":"asha"}', sort: '["name","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: customers <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(customerRowSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: CUSTOMER_SORT.fields,
      defaultSort: { field: 'name', order: 'ASC' },
      filters: Object.keys(customerListFilter.shape),
    });
    const { id, ...filter } = parseWith(customerListFilter, params.filter);
    return sendPage(
      res,
      'customers',
      params.range,
      await this.queries.execute(new ListCustomersQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('customers/:id')
  @RequirePermission('customers.view')
  @ApiOperation({
    summary: 'One customer: their loans (summary rows), every profile section with its status, their documents and the review audit',
  })
  @ApiOkResponse({ schema: openApi(customerDetailSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetCustomerQuery(parseWith(customerIdParam, id)));
  }
}
