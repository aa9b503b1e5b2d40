import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../platform/http/access.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { GetPublishedStatePage } from '../application/state-page.queries.js';
import { placeSegment, publicStatePageSchema } from './state-page.schemas.js';

/** Seconds a shared cache may keep a state page: an edit shows at most this late. */
const STATE_PAGE_MAX_AGE = 300;

@ApiTags('public')
@Controller('public')
export class PublicStatePagesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('state-pages/:state/:city')
  @Public()
  @ApiOperation({
    summary:
      'The landing page of a state and city (/Karnataka/Bengaluru); only active pages of known pairs, anything else 404; cacheable for 5 minutes',
  })
  @ApiOkResponse({ schema: openApi(publicStatePageSchema) })
  async get(@Param('state') state: string, @Param('city') city: string, @Res({ passthrough: true }) res: FastifyReply) {
    const page = await this.queries.execute(new GetPublishedStatePage(parseWith(placeSegment, state), parseWith(placeSegment, city)));
    res.header('Cache-Control', `public, max-age=${STATE_PAGE_MAX_AGE}`);
    return page;
  }
}
