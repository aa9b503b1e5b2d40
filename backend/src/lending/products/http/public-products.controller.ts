import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Public } from '../../../platform/http/access.decorators.js';
import { ListPublicProductsQuery } from '../application/list-public-products.handler.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { publicProductSchema } from './product.schemas.js';

@ApiTags('public')
@Controller('public')
export class PublicProductsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('products')
  @Public()
  @ApiOperation({ summary: 'The loan products open for applications, by type; the first of each type is the default' })
  @ApiOkResponse({ schema: openApi(z.array(publicProductSchema)) })
  list() {
    return this.queries.execute(new ListPublicProductsQuery());
  }
}
