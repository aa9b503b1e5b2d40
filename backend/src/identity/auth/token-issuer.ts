import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { Role } from '../../platform/http/access.decorators.js';

/** What a token says: the user, the session (sid) and its device, and which of the session's tokens it is (tv). */
export type TokenClaims = { sub: string; role: Role; sid: string; dev: string; tv: number };

@Injectable()
export class TokenIssuer {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(claims: TokenClaims): string {
    return this.jwt.sign(claims, { secret: this.config.jwtSecret, algorithm: 'HS256', expiresIn: `${this.config.jwtTtlDays}d` });
  }

  /** Throws when the signature or expiry is wrong; the session behind it is checked by SessionAuthenticator. */
  verify(token: string): TokenClaims {
    return this.jwt.verify<TokenClaims>(token, { secret: this.config.jwtSecret, algorithms: ['HS256'] });
  }

  /**
   * The `token` cookie lives as long as the token (180 days by default). HttpOnly: the portal keeps its own copy in
   * local storage for the Authorization header, so no script needs to read the cookie.
   */
  setCookie(res: Response, token: string): void {
    res.cookie('token', token, {
      maxAge: this.config.jwtTtlDays * 24 * 60 * 60 * 1000,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.env === 'production',
      path: '/',
    });
  }

  clearCookie(res: Response): void {
    res.clearCookie('token', { httpOnly: true, sameSite: 'lax', secure: this.config.env === 'production', path: '/' });
  }
}
