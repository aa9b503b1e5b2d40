import { randomInt, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { EMAIL_VERIFICATION, judgeEmailCodeRequest } from '../domain/email-verification.js';
import { drawCode, ONE_TIME_CODE } from '../domain/one-time-code.js';
import { emailAlreadyVerified, noEmailToVerify } from '../domain/one-time-code.errors.js';
import { EmailVerificationCodesRepository } from '../otp/email-verification-codes.repository.js';
import { AccountMessages } from '../public/account-messages.port.js';
import { UsersRepository } from '../users/users.repository.js';
import { codeHash } from './request-one-time-code.handler.js';

export type EmailCodeSent = { email: string; expiresAt: string; digits: number };

export class RequestEmailVerification extends Command<EmailCodeSent> {
  constructor(readonly caller: AuthenticatedUser) {
    super();
  }
}

/**
 * Sends a fresh 6-digit code to the email on the signed-in borrower's profile (the 'email-verification' template,
 * through communications); it replaces any earlier code. At most 5 an hour per account, counted before anything is
 * sent. Answers where it went and when it expires, never the code.
 */
@CommandHandler(RequestEmailVerification)
export class RequestEmailVerificationHandler implements ICommandHandler<RequestEmailVerification> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: EmailVerificationCodesRepository,
    private readonly limiter: RateLimiter,
    private readonly messages: AccountMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller }: RequestEmailVerification) {
    const user = await this.users.findById(caller.id);
    if (!user) throw unauthenticated('This account no longer exists.');
    const verdict = judgeEmailCodeRequest(user);
    if (verdict.outcome !== 'send') throw verdict.outcome === 'already-verified' ? emailAlreadyVerified() : noEmailToVerify();
    await this.limiter.consume('email-verification-sends', user.id);
    const id = randomUUID();
    const code = drawCode(randomInt);
    const expiresAt = new Date(this.clock.now().getTime() + EMAIL_VERIFICATION.validForMs);
    await this.codes.replace(user.id, { id, email: verdict.email, codeHash: codeHash(this.config.jwtSecret, id, code), expiresAt });
    await this.messages.sendEmailVerificationCode({
      userId: user.id,
      email: verdict.email,
      name: user.name,
      code,
      expiresAt,
      validForMinutes: EMAIL_VERIFICATION.validForMs / 60_000,
    });
    return { email: verdict.email, expiresAt: expiresAt.toISOString(), digits: ONE_TIME_CODE.digits };
  }
}
