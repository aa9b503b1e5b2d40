import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { UserRecord } from '../users/user.record.js';

@Injectable()
export class TokenIssuer {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(user: UserRecord): string {
    return this.jwt.sign({ sub: user.id, role: user.role }, { secret: this.config.jwtSecret, algorithm: 'HS256', expiresIn: `${this.config.jwtTtlDays}d` });
  }

  /** The `token` cookie lives as long as the token (180 days by default). */
  get cookieMaxAgeMs(): number {
    return this.config.jwtTtlDays * 24 * 60 * 60 * 1000;
  }

  get secureCookies(): boolean {
    return this.config.env === 'production';
  }
}
