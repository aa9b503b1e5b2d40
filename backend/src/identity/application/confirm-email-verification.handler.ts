import { timingSafeEqual } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { EMAIL_VERIFICATION, judgeEmailCode } from '../domain/email-verification.js';
import { emailAlreadyVerified, emailCodeExhausted, emailCodeExpired, noEmailCode, wrongEmailCode } from '../domain/one-time-code.errors.js';
import { EmailVerificationCodesRepository } from '../otp/email-verification-codes.repository.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';
import { codeHash } from './request-one-time-code.handler.js';

export class ConfirmEmailVerification extends Command<ReturnType<typeof publicUser>> {
  constructor(
    readonly caller: AuthenticatedUser,
    readonly code: string,
  ) {
    super();
  }
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks the code typed back (one try taken atomically first; the fifth wrong one voids it) against the caller's own
 * newest code, sent to the email the account still has; a right one marks the email verified and the code is gone.
 * Answers the profile, `emailVerified: true`.
 */
@CommandHandler(ConfirmEmailVerification)
export class ConfirmEmailVerificationHandler implements ICommandHandler<ConfirmEmailVerification> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: EmailVerificationCodesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, code }: ConfirmEmailVerification) {
    const user = await this.users.findById(caller.id);
    if (!user) throw unauthenticated('This account no longer exists.');
    const stored = await this.codes.of(user.id);
    const taken = stored && !user.emailVerifiedAt ? await this.codes.takeTry(user.id, stored.id, EMAIL_VERIFICATION.maxTries) : undefined;
    const matches = taken !== undefined && sameHash(taken.codeHash, codeHash(this.config.jwtSecret, taken.id, code));
    const now = this.clock.now();
    const verdict = judgeEmailCode(user, taken ?? stored, matches, now);
    switch (verdict.outcome) {
      case 'verified': {
        if (!(await this.users.markEmailVerified(user.id, taken!.email, now))) throw noEmailCode();
        await this.codes.remove(user.id);
        return publicUser({ ...user, emailVerifiedAt: now }, caller.permissions);
      }
      case 'wrong':
        throw wrongEmailCode(verdict.triesLeft);
      case 'expired':
        throw emailCodeExpired();
      case 'exhausted':
        throw emailCodeExhausted();
      case 'already-verified':
        throw emailAlreadyVerified();
      case 'none':
        throw noEmailCode();
    }
  }
}
