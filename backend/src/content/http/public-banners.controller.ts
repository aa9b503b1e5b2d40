import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { Public } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { CurrentBannersQuery, GetBannerImageQuery } from '../application/banner.queries.js';
import type { StoredDocument } from '../../platform/storage/document-storage.port.js';
import { bannerAudienceQuery, bannerIdParam, publicBannerSchema } from './banner.schemas.js';

/** Seconds a shared cache may keep the current banners: a schedule's edge shows at most this late. */
const BANNERS_MAX_AGE = 60;

@ApiTags('public')
@Controller('public')
export class PublicBannersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('banners')
  @Public()
  @ApiOperation({ summary: 'The banners showing now for an audience (home or dashboard), in order; cacheable for a minute' })
  @ApiQuery({ name: 'audience', required: true, example: 'home' })
  @ApiOkResponse({ schema: openApi(z.array(publicBannerSchema)) })
  async current(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const { audience } = parseWith(bannerAudienceQuery, query);
    res.header('Cache-Control', `public, max-age=${BANNERS_MAX_AGE}`);
    return this.queries.execute(new CurrentBannersQuery(audience));
  }

  @Get('banners/:id/image')
  @Public()
  @ApiOperation({ summary: "An active banner's picture; its URL carries the image's hash (?v=), so it is cached for a year" })
  async image(@Param('id') id: string, @Res() res: FastifyReply) {
    const image: StoredDocument = await this.queries.execute(new GetBannerImageQuery(parseWith(bannerIdParam, id)));
    res.header('Content-Type', image.contentType);
    res.header('Cache-Control', 'public, max-age=31536000, immutable');
    res.header('X-Content-Type-Options', 'nosniff');
    res.send(image.bytes);
  }
}
