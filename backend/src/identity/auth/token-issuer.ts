import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { clearCookie, setCookie, type CookieReply } from '../../platform/http/cookies.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { Role } from '../../platform/http/access.decorators.js';

/** What a token says: the user, the session (sid) and its device, and which of the session's tokens it is (tv). */
export type TokenClaims = { sub: string; role: Role; sid: string; dev: string; tv: number };

const keys = new Map<string, KeyObject>();

/**
 * The HS256 key as a KeyObject, made once per secret. Given the secret as a string, jsonwebtoken first tries to parse
 * it as a PEM public key (createPublicKey, which throws) on every sign and verify: 14% of an API process's CPU under
 * a stream of staff approvals, measured. The same bytes, so the same signatures.
 */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

@Injectable()
export class TokenIssuer {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(claims: TokenClaims): string {
    return this.jwt.sign(claims, {
      privateKey: jwtKey(this.config.jwtSecret),
      algorithm: 'HS256',
      expiresIn: `${this.config.jwtTtlDays}d`,
    });
  }

  /** Throws when the signature or expiry is wrong; the session behind it is checked by SessionAuthenticator. */
  verify(token: string): TokenClaims {
    // JwtVerifyOptions types publicKey as string | Buffer; jsonwebtoken takes the KeyObject (see jwtKey).
    return this.jwt.verify<TokenClaims>(token, { publicKey: jwtKey(this.config.jwtSecret) as unknown as Buffer, algorithms: ['HS256'] });
  }

  /**
   * The `token` cookie lives as long as the token (180 days by default). HttpOnly: the portal keeps its own copy in
   * local storage for the Authorization header, so no script needs to read the cookie.
   */
  setCookie(res: CookieReply, token: string): void {
    setCookie(res, 'token', token, {
      maxAgeMs: this.config.jwtTtlDays * 24 * 60 * 60 * 1000,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.env === 'production',
      path: '/',
    });
  }

  clearCookie(res: CookieReply): void {
    clearCookie(res, 'token', { httpOnly: true, sameSite: 'lax', secure: this.config.env === 'production', path: '/' });
  }
}
