import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../identity/public/index.js';
import { BannerNotFound, imageTypeOf, InvalidBanner, MAX_BANNER_IMAGE_BYTES } from '../domain/banner.js';
import { BannersRepository, bannerView, type BannerFields, type BannerImage } from './banners.repository.js';

/** The image of a request as bytes of a known type, or a field problem: a data URL, PNG/JPEG/GIF/WebP, at most 2 MB. */
export function decodeImage(dataUrl: string): BannerImage {
  const match = /^data:[^;,]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw new InvalidBanner([{ name: 'image', message: 'image must be a base64 data URL (data:image/png;base64,…)' }]);
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > MAX_BANNER_IMAGE_BYTES) throw new InvalidBanner([{ name: 'image', message: 'image must be at most 2 MB' }]);
  const kind = imageTypeOf(bytes);
  if (!kind) throw new InvalidBanner([{ name: 'image', message: 'image must be a PNG, JPEG, GIF or WebP picture' }]);
  return { bytes, ...kind };
}

export class CreateBannerCommand {
  constructor(
    readonly actor: Actor,
    readonly fields: BannerFields,
    readonly image: string,
  ) {}
}

@CommandHandler(CreateBannerCommand)
export class CreateBannerHandler implements ICommandHandler<CreateBannerCommand> {
  constructor(private readonly banners: BannersRepository) {}
  async execute({ actor, fields, image }: CreateBannerCommand) {
    return bannerView(await this.banners.create(fields, decodeImage(image), actor.id));
  }
}

export class UpdateBannerCommand {
  constructor(
    readonly actor: Actor,
    readonly id: string,
    readonly fields: BannerFields,
    readonly image: string | undefined,
  ) {}
}

/** Saves a banner's fields; a new image replaces the stored one (and the old one is deleted). */
@CommandHandler(UpdateBannerCommand)
export class UpdateBannerHandler implements ICommandHandler<UpdateBannerCommand> {
  constructor(private readonly banners: BannersRepository) {}
  async execute({ actor, id, fields, image }: UpdateBannerCommand) {
    const row = await this.banners.update(id, fields, image === undefined ? undefined : decodeImage(image), actor.id);
    if (!row) throw new BannerNotFound(id);
    return bannerView(row);
  }
}

export class DeleteBannerCommand {
  constructor(readonly id: string) {}
}

@CommandHandler(DeleteBannerCommand)
export class DeleteBannerHandler implements ICommandHandler<DeleteBannerCommand> {
  constructor(private readonly banners: BannersRepository) {}
  async execute({ id }: DeleteBannerCommand) {
    const row = await this.banners.delete(id);
    if (!row) throw new BannerNotFound(id);
    return bannerView(row);
  }
}
