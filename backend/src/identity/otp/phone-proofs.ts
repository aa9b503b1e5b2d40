import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { phoneNotVerified } from '../domain/one-time-code.errors.js';
import type { OtpPurpose } from '../domain/one-time-code.js';

/** How long a verified phone stays verified for the calls that follow (the rest of quick start, a signature). */
export const PROOF_TTL_SECONDS = 30 * 60;

type ProofClaims = { sub: string; purpose: OtpPurpose; typ: 'phone-proof' };

/**
 * The short-lived proof a verified code answers: a JWT signed with a key of its own (derived from JWT_SECRET, so a
 * proof is never a session token and a session token is never a proof), naming the phone and the purpose.
 */
@Injectable()
export class PhoneProofs {
  private readonly key: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createSecretKey(createHash('sha256').update(`phone-proof:${config.jwtSecret}`).digest());
  }

  issue(phone: string, purpose: OtpPurpose): { proof: string; expiresIn: number } {
    const claims: ProofClaims = { sub: phone, purpose, typ: 'phone-proof' };
    return {
      proof: this.jwt.sign(claims, { privateKey: this.key, algorithm: 'HS256', expiresIn: PROOF_TTL_SECONDS }),
      expiresIn: PROOF_TTL_SECONDS,
    };
  }

  verifiedPhone(proof: string | undefined, purpose: OtpPurpose): string {
    if (!proof) throw phoneNotVerified();
    let claims: ProofClaims;
    try {
      claims = this.jwt.verify<ProofClaims>(proof, { publicKey: this.key as unknown as Buffer, algorithms: ['HS256'] });
    } catch {
      throw phoneNotVerified();
    }
    if (claims.typ !== 'phone-proof' || claims.purpose !== purpose || typeof claims.sub !== 'string') throw phoneNotVerified();
    return claims.sub;
  }
}
