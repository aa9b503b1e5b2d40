import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { GetProductQuery, ListProductVersionsQuery } from '../application/get-product.handler.js';
import { ListProductsQuery } from '../application/list-products.handler.js';
import { CreateProductCommand, UpdateProductCommand } from '../application/save-product.handler.js';
import { PRODUCT_SORT } from '../repository/loan-products.repository.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import {
  createProductBody,
  productIdParam,
  productListFilter,
  productSchema,
  productVersionSchema,
  updateProductBody,
} from './product.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/**
 * Loan products as data (ra-data-simple-rest). Anyone who sees loans may read them; products.manage creates and edits.
 * An edit is a new version; loans keep the version they were applied under.
 */
@ApiTags('admin products')
@ApiSignedIn()
@Controller('admin')
export class AdminProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('products')
  @RequirePermission('loans.view')
  @ApiOperation({
    summary: 'Loan products at their current version (ra-data-simple-rest): filter={"q":"text","type":"EMI","active":true}, sort, range',
  })
  @ApiListQuery({ filter: '{"type":"EMI"}', sort: '["code","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: products <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(productSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PRODUCT_SORT.fields,
      defaultSort: { field: 'code', order: 'ASC' },
      filters: Object.keys(productListFilter.shape),
    });
    const { id, ...filter } = parseWith(productListFilter, params.filter);
    return sendPage(
      res,
      'products',
      params.range,
      await this.queries.execute(new ListProductsQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('products/:id')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'One product at its current version' })
  @ApiOkResponse({ schema: openApi(productSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetProductQuery(parseWith(productIdParam, id)));
  }

  @Get('products/:id/versions')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Every version of a product, newest first, with who made it and when' })
  @ApiOkResponse({ schema: openApi(z.array(productVersionSchema)) })
  versions(@Param('id') id: string) {
    return this.queries.execute(new ListProductVersionsQuery(parseWith(productIdParam, id)));
  }

  @Post('products')
  @RequirePermission('products.manage')
  @ApiOperation({
    summary: 'Create a product (version 1). A salary advance needs no rate or tenure: it charges processingFeePercent as its flat fee',
  })
  @ApiBody({ schema: inputSchema(createProductBody) })
  @ApiCreatedResponse({ schema: openApi(productSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new CreateProductCommand(actor, parseWith(createProductBody, body)));
  }

  @Put('products/:id')
  @RequirePermission('products.manage')
  @ApiOperation({
    summary: 'Edit a product: makes the next version (none if nothing changed); code and type cannot change. Deactivate with active=false',
  })
  @ApiBody({ schema: inputSchema(updateProductBody) })
  @ApiOkResponse({ schema: openApi(productSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const productId = parseWith(productIdParam, id);
    return this.commands.execute(new UpdateProductCommand(actor, productId, parseWith(updateProductBody, body)));
  }
}
