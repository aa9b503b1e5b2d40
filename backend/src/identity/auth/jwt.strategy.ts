import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { AuthenticatedUser } from './authenticated-user.js';

type TokenPayload = { sub: string; role: 'borrower' | 'staff' };

const fromCookie = (request: Request): string | null => {
  const token = (request.cookies as Record<string, string> | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
};

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
    });
  }

  validate(payload: TokenPayload): AuthenticatedUser {
    return { id: payload.sub, role: payload.role };
  }
}
