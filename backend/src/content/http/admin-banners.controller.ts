import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { idsOf } from '../../platform/query/list-query.js';
import { CreateBannerCommand, DeleteBannerCommand, UpdateBannerCommand } from '../application/banner.commands.js';
import { GetBannerQuery, ListBannersQuery } from '../application/banner.queries.js';
import { BANNER_SORT, type BannerFields } from '../application/banners.repository.js';
import { bannerIdParam, bannerListFilter, bannerSchema, createBannerBody, updateBannerBody } from './banner.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;
const toFields = (b: z.infer<typeof updateBannerBody>): BannerFields => ({
  title: b.title,
  link: b.link,
  audience: b.audience,
  startsAt: new Date(b.startsAt),
  endsAt: b.endsAt === null ? null : new Date(b.endsAt),
  order: b.order,
  active: b.active,
});

/** Banners (ra-data-simple-rest) for staff holding banners.manage; the image travels as a data URL (at most 2 MB). */
@ApiTags('admin banners')
@ApiSignedIn()
@Controller('admin')
export class AdminBannersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('banners')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Banners (ra-data-simple-rest): filter={"q":"text","audience":"home","active":true}, sort, range' })
  @ApiListQuery({ filter: '{"audience":"home"}', sort: '["order","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: banners <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(bannerSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: BANNER_SORT.fields,
      defaultSort: { field: 'order', order: 'ASC' },
      filters: Object.keys(bannerListFilter.shape),
    });
    const { id, ...filter } = parseWith(bannerListFilter, params.filter);
    return sendPage(
      res,
      'banners',
      params.range,
      await this.queries.execute(new ListBannersQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('banners/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'One banner' })
  @ApiOkResponse({ schema: openApi(bannerSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetBannerQuery(parseWith(bannerIdParam, id)));
  }

  @Post('banners')
  @RequirePermission('banners.manage')
  @ApiOperation({
    summary: 'Create a banner; image is a data URL of a PNG, JPEG, GIF or WebP picture (at most 2 MB), kept in document storage',
  })
  @ApiBody({ schema: inputSchema(createBannerBody) })
  @ApiCreatedResponse({ schema: openApi(bannerSchema) })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { image, ...rest } = parseWith(createBannerBody, body);
    return this.commands.execute(new CreateBannerCommand(actor, toFields({ ...rest }), image));
  }

  @Put('banners/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Save a banner; send image only to replace the picture' })
  @ApiBody({ schema: inputSchema(updateBannerBody) })
  @ApiOkResponse({ schema: openApi(bannerSchema) })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const bannerId = parseWith(bannerIdParam, id);
    const { image, ...rest } = parseWith(updateBannerBody, body);
    return this.commands.execute(new UpdateBannerCommand(actor, bannerId, toFields(rest), image));
  }

  @Delete('banners/:id')
  @RequirePermission('banners.manage')
  @ApiOperation({ summary: 'Delete a banner and its image' })
  @ApiOkResponse({ schema: openApi(bannerSchema) })
  remove(@Param('id') id: string) {
    return this.commands.execute(new DeleteBannerCommand(parseWith(bannerIdParam, id)));
  }
}
