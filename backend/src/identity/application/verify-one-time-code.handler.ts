import { timingSafeEqual } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { codeExhausted, codeExpired, codeUsed, noCode, wrongCode } from '../domain/one-time-code.errors.js';
import { judgeAttempt, ONE_TIME_CODE, type OtpPurpose } from '../domain/one-time-code.js';
import { OtpChallengesRepository } from '../otp/otp-challenges.repository.js';
import { PhoneProofs } from '../otp/phone-proofs.js';
import { codeHash } from './request-one-time-code.handler.js';

export class VerifyOneTimeCode {
  constructor(
    readonly phone: string,
    readonly purpose: OtpPurpose,
    readonly code: string,
    readonly ip: string,
    /** Names the request the code is for (a signing request's idempotency key): the same request may present it again. */
    readonly usedFor?: string,
  ) {}
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks a code (one try taken atomically first) and answers a short-lived proof of the phone. */
@CommandHandler(VerifyOneTimeCode)
export class VerifyOneTimeCodeHandler implements ICommandHandler<VerifyOneTimeCode> {
  constructor(
    private readonly challenges: OtpChallengesRepository,
    private readonly proofs: PhoneProofs,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ phone, purpose, code, ip, usedFor }: VerifyOneTimeCode) {
    await this.limiter.consume('otp-verifications-ip', ip);
    const latest = await this.challenges.latest(phone, purpose);
    // The retry of the request that used the code (its process died before it answered): the same code, unexpired.
    if (
      usedFor &&
      latest?.verifiedAt &&
      latest.usedFor === usedFor &&
      latest.expiresAt > this.clock.now() &&
      sameHash(latest.codeHash, codeHash(this.config.jwtSecret, latest.id, code))
    ) {
      return this.proofs.issue(phone, purpose);
    }
    const taken = latest && (await this.challenges.takeTry(latest.id, ONE_TIME_CODE.maxTries));
    const challenge = taken ?? latest;
    const matches = taken !== undefined && sameHash(taken.codeHash, codeHash(this.config.jwtSecret, taken.id, code));
    // With no try taken, the stored state says why (used or exhausted); the code is not even compared.
    const verdict = judgeAttempt(challenge, matches, this.clock.now());
    switch (verdict.outcome) {
      case 'verified':
        if (!(await this.challenges.markVerified(challenge!.id, usedFor))) throw codeUsed();
        return this.proofs.issue(phone, purpose);
      case 'wrong':
        throw wrongCode(verdict.triesLeft);
      case 'expired':
        throw codeExpired();
      case 'exhausted':
        throw codeExhausted();
      case 'used':
        throw codeUsed();
      case 'none':
        throw noCode();
    }
  }
}
