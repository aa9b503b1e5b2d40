import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { drawCode, ONE_TIME_CODE, type OtpPurpose } from '../domain/one-time-code.js';
import { OtpChallengesRepository } from '../otp/otp-challenges.repository.js';
import { AccountMessages } from '../public/account-messages.port.js';

export class RequestOneTimeCode {
  constructor(
    readonly phone: string,
    readonly purpose: OtpPurpose,
    readonly ip: string,
  ) {}
}

/** The keyed hash a code is stored as: a dump of the table does not give the codes back without JWT_SECRET. */
export function codeHash(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', `otp:${secret}`).update(`${challengeId}:${code}`).digest('hex');
}

/**
 * Sends a fresh code by SMS; it replaces any earlier code for the phone and purpose. Limited per phone and per
 * address before anything is sent, so a flood costs neither SMS nor rows. Answers when the code expires, never the code.
 */
@CommandHandler(RequestOneTimeCode)
export class RequestOneTimeCodeHandler implements ICommandHandler<RequestOneTimeCode> {
  constructor(
    private readonly challenges: OtpChallengesRepository,
    private readonly limiter: RateLimiter,
    private readonly messages: AccountMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ phone, purpose, ip }: RequestOneTimeCode) {
    await this.limiter.reserve(['otp-requests-ip', ip], ['otp-requests', phone]);
    const id = randomUUID();
    const code = drawCode(randomInt);
    const expiresAt = new Date(this.clock.now().getTime() + ONE_TIME_CODE.validForMs);
    await this.challenges.insert({ id, phone, purpose, codeHash: codeHash(this.config.jwtSecret, id, code), expiresAt });
    await this.messages.sendOneTimeCode({ phone, code, purpose, validForMinutes: ONE_TIME_CODE.validForMs / 60_000 });
    return { phone, purpose, expiresAt: expiresAt.toISOString(), digits: ONE_TIME_CODE.digits };
  }
}
