import { DomainError } from '../../platform/errors/domain-error.js';

/** Where a banner shows: the portal's public home page, or the signed-in borrower's dashboard. */
export const BANNER_AUDIENCES = ['home', 'dashboard'] as const;
export type BannerAudience = (typeof BANNER_AUDIENCES)[number];

export type BannerSchedule = { active: boolean; startsAt: Date; endsAt: Date | null };

/** A banner shows while active and `now` is within [startsAt, endsAt) (no end: until deactivated). */
export const isShowing = (banner: BannerSchedule, now: Date): boolean =>
  banner.active && banner.startsAt.getTime() <= now.getTime() && (banner.endsAt === null || now.getTime() < banner.endsAt.getTime());

/** The image types a banner may have, told by their first bytes (never by what the client claims). */
const SIGNATURES: { type: string; ext: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    matches: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', matches: (b) => b.length > 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    matches: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const MAX_BANNER_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image's real type, or undefined when its bytes are none of PNG, JPEG, GIF or WebP. */
export const imageTypeOf = (bytes: Buffer): { type: string; ext: string } | undefined => SIGNATURES.find((s) => s.matches(bytes));

export class BannerNotFound extends DomainError {
  readonly code = 'BANNER.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No banner has the id ${id}.`, { id });
  }
}

export class InvalidBanner extends DomainError {
  readonly code = 'BANNER.VALIDATION_FAILED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(readonly fields: { name: string; message: string }[]) {
    super(fields.map((f) => f.message).join('; '), { fields });
  }
}
