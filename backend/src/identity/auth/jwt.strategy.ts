import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { requestCredential } from './credentials.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { jwtKey, type TokenClaims } from './token-issuer.js';

// The bearer header when there is one (never the cookie then), else the cookie: see credentials.ts.
const fromRequest = (request: Request): string | null => requestCredential(request)?.token || null;

/** passport-jwt checks the signature and expiry; the session behind the token is checked on every request. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly authenticator: SessionAuthenticator,
  ) {
    super({
      jwtFromRequest: fromRequest,
      // A KeyObject (see jwtKey), which jsonwebtoken takes as it is; passport-jwt passes it through untouched.
      secretOrKey: jwtKey(config.jwtSecret) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  validate(request: Request, claims: Partial<TokenClaims>): Promise<AuthenticatedUser> {
    const raw = request.headers['x-device-id'];
    const header = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    return this.authenticator.authenticate(claims, header ? header : undefined);
  }
}
