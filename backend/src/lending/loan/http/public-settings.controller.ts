import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Public } from '../../../platform/http/access.decorators.js';
import { openApi } from './loan-response.schemas.js';

export const publicSettingsSchema = z.strictObject({
  timeZone: z.string().describe('BUSINESS_TIMEZONE: the IANA zone both apps show dates and times in, e.g. Asia/Kolkata'),
});

/** What both apps need before they write a date: the business time zone (docs/admin-console.md, "Dates, times and money"). */
@ApiTags('public')
@Controller('public')
export class PublicSettingsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('settings')
  @Public()
  @ApiOperation({ summary: 'The business time zone the apps show dates and times in (BUSINESS_TIMEZONE)' })
  @ApiOkResponse({ schema: openApi(publicSettingsSchema) })
  get(): z.infer<typeof publicSettingsSchema> {
    return { timeZone: this.config.businessDate.timeZone };
  }
}
