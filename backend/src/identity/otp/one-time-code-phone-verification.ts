import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RequestOneTimeCode } from '../application/request-one-time-code.handler.js';
import { VerifyOneTimeCode } from '../application/verify-one-time-code.handler.js';
import { inOneForm } from '../../platform/phone/phone-number.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import type { OtpPurpose } from '../domain/one-time-code.js';
import { PhoneVerification } from '../public/phone-verification.port.js';
import { PhoneProofs } from './phone-proofs.js';

/** The PhoneVerification port: proofs read by PhoneProofs, codes sent and checked by identity's own commands. */
@Injectable()
export class OneTimeCodePhoneVerification extends PhoneVerification {
  constructor(
    private readonly proofs: PhoneProofs,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  verifiedPhone(proof: string | undefined, purpose: OtpPurpose): string {
    return this.proofs.verifiedPhone(proof, purpose);
  }

  async sendCode(phone: string, purpose: OtpPurpose, ip: string): Promise<{ expiresAt: string }> {
    const sent = await this.commands.execute<RequestOneTimeCode, { expiresAt: string }>(
      new RequestOneTimeCode(inOneForm(phone), purpose, ip),
    );
    return { expiresAt: sent.expiresAt };
  }

  async checkCode(phone: string, purpose: OtpPurpose, code: string, ip: string, usedFor?: string): Promise<{ verifiedAt: string }> {
    await this.commands.execute(new VerifyOneTimeCode(inOneForm(phone), purpose, code, ip, usedFor));
    return { verifiedAt: this.clock.now().toISOString() };
  }
}
