import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { clearCookie, setCookie, type CookieReply } from '../../platform/http/cookies.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { Role } from '../../platform/http/access.decorators.js';

/** What a token says: the user, the session (sid) and its device, and which of the session's tokens it is (tv). */
export type TokenClaims = { sub: string; role: Role; sid: string; dev: string; tv: number };

const keys = new Map<string, KeyObject>();

/** The claims of a verified token, with the expiry jsonwebtoken checked (seconds since the epoch). */
type VerifiedClaims = TokenClaims & { exp?: number };

/** How many verified tokens a process remembers (about 3 MB): more than the sessions one process serves at a time. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Whether a verified token is still within its expiry, as jsonwebtoken judges it (whole seconds, no tolerance). */
const unexpired = (claims: VerifiedClaims) => claims.exp === undefined || Math.floor(Date.now() / 1000) < claims.exp;

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
  /** Tokens verified before, by their text (see verify). */
  private readonly verified = new Map<string, Readonly<VerifiedClaims>>();

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

  /**
   * Throws when the signature or expiry is wrong; the session behind it is checked by SessionAuthenticator. A token
   * verified before is answered from `verified` while it has not expired: its signature is a function of its text and
   * the secret alone, so the same text verifies the same way every time, and checking it again on every request was
   * about 27 µs of each staff approval's CPU (issue 30, item 1). Another text (a changed byte) is verified afresh.
   */
  verify(token: string): TokenClaims {
    const known = this.verified.get(token);
    if (known && unexpired(known)) return known;
    if (known) this.verified.delete(token);
    // JwtVerifyOptions types publicKey as string | Buffer; jsonwebtoken takes the KeyObject (see jwtKey).
    const claims = Object.freeze(
      this.jwt.verify<VerifiedClaims>(token, { publicKey: jwtKey(this.config.jwtSecret) as unknown as Buffer, algorithms: ['HS256'] }),
    );
    // The oldest entry makes room (a Map iterates in insertion order): a bounded memory of the tokens in use.
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
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
