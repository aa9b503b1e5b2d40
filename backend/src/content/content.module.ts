import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { CreateBannerHandler, DeleteBannerHandler, UpdateBannerHandler } from './application/banner.commands.js';
import { CurrentBannersHandler, GetBannerHandler, GetBannerImageHandler, ListBannersHandler } from './application/banner.queries.js';
import { BannersRepository } from './application/banners.repository.js';
import { AdminBannersController } from './http/admin-banners.controller.js';
import { PublicBannersController } from './http/public-banners.controller.js';

const commandHandlers = [CreateBannerHandler, UpdateBannerHandler, DeleteBannerHandler];
const queryHandlers = [ListBannersHandler, GetBannerHandler, CurrentBannersHandler, GetBannerImageHandler];
const controllers = [AdminBannersController, PublicBannersController];

/** Content staff publish for borrowers and visitors: banners, help issues, landing pages (DESIGN §2, content/). */
@Module({
  imports: [IdentityModule, CommunicationsModule],
  controllers,
  providers: [...commandHandlers, ...queryHandlers, BannersRepository],
})
export class ContentModule {}
